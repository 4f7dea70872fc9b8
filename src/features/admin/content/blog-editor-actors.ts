import { fromPromise } from 'xstate';
import type { PostToDelete, SavePostInput, ServerMessage } from '../../../../machines/admin/blog-editor.machine';
import { createBlogPost, deleteBlogPost, updateBlogPost } from '../../../api/blog/posts';

/** The blog editor's real effects: POST a new post, PUT an existing one, DELETE one (SPEC section 7). */
export function createBlogEditorActors() {
  return {
    savePost: fromPromise<ServerMessage, SavePostInput>(async ({ input }) => {
      const response = input.id ? await updateBlogPost(input.id, input.post) : await createBlogPost(input.post);
      return { message: response.message };
    }),
    deletePost: fromPromise<ServerMessage, PostToDelete>(async ({ input }) => {
      const response = await deleteBlogPost(input.id);
      return { message: response.message };
    }),
  };
}
