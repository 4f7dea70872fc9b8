import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_BLOG_CATEGORIES } from '../../../../contract/constants';
import {
  blogEditorMachine,
  selectConfirmingDelete,
  selectEditing,
  selectFormOpen,
  selectIsDeleting,
  selectIsSaving,
  selectNotice,
} from '../../../../machines/admin/blog-editor.machine';
import { blogCategoriesQueryOptions, blogKeys } from '../../../api/blog/posts';
import { ConfirmDialog, Stack } from '../../../ui';
import { RevealedNotice } from '../shared/RevealedNotice';
import { AddButtonBar } from '../shared/AdminScreen';
import { blankPost, postToInput } from './blog-form';
import { createBlogEditorActors } from './blog-editor-actors';
import { BlogPostForm } from './BlogPostForm';
import { BlogPostTable } from './BlogPostTable';

export type BlogEditorActor = ActorRefFrom<typeof blogEditorMachine>;

/** SPEC section 5: the delete confirmation, word for word. */
export const DELETE_QUESTION = 'Are you sure you want to delete this blog post?';

/** The Blog Management tab with the real API behind the editor machine. */
export function BlogManagement() {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      blogEditorMachine.provide({
        actors: createBlogEditorActors(),
        // The admin list and the public blog both change.
        actions: { postsChanged: () => void queryClient.invalidateQueries({ queryKey: blogKeys.all }) },
      }),
    [queryClient],
  );
  const editor = useActorRef(machine);
  return <BlogManagementView editor={editor} />;
}

/**
 * What the admin sees, driven by the blog editor machine: the list, the
 * add/edit form, the delete confirmation and the self-clearing notices.
 * Tests pass their own actor (simulated clock, controllable calls).
 */
export function BlogManagementView({ editor }: { editor: BlogEditorActor }) {
  const formOpen = useSelector(editor, selectFormOpen);
  const saving = useSelector(editor, selectIsSaving);
  const deleting = useSelector(editor, selectIsDeleting);
  const editing = useSelector(editor, selectEditing);
  const pendingDelete = useSelector(editor, selectConfirmingDelete);
  const notice = useSelector(editor, selectNotice);
  const categoriesQuery = useQuery(blogCategoriesQueryOptions());
  const categories = categoriesQuery.data ?? DEFAULT_BLOG_CATEGORIES;

  return (
    <Stack gap={4}>
      {notice && <RevealedNotice tone={notice.tone}>{notice.text}</RevealedNotice>}
      {formOpen && editing ? (
        <BlogPostForm
          // A new session of the form starts from its own initial values.
          key={editing.id ?? 'new'}
          mode={editing.id ? 'existing' : 'new'}
          initial={editing.initial}
          categories={categories}
          saving={saving}
          onSave={(post) => editor.send({ type: 'SAVE', post })}
          onCancel={() => editor.send({ type: 'CANCEL' })}
        />
      ) : (
        <>
          <AddButtonBar label="Add New Post" onAdd={() => editor.send({ type: 'NEW', initial: blankPost(new Date()) })} />
          <BlogPostTable
            categories={categories}
            onEdit={(post) => editor.send({ type: 'EDIT', id: post._id, initial: postToInput(post) })}
            onDelete={(post) => editor.send({ type: 'DELETE', id: post._id, title: post.title })}
          />
        </>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete ? `Delete "${pendingDelete.title}"?` : 'Delete post'}
        question={DELETE_QUESTION}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => editor.send({ type: 'CONFIRM_DELETE' })}
        onCancel={() => {
          if (!deleting) editor.send({ type: 'CANCEL' });
        }}
      />
    </Stack>
  );
}
