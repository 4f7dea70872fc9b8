import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { BlogPost } from '../../../../contract/blog';
import { adminBlogListQueryOptions } from '../../../api/blog';
import { Badge, Button, EmptyState, Field, Notice, Pagination, px, Select, Spinner, Table } from '../../../ui';
import { CellTitle, FilterBar, RowActions } from '../shared/AdminScreen';
import { formatDate } from '../shared/format';

type StatusFilter = 'all' | 'published' | 'draft';

interface Filters {
  category: string;
  status: StatusFilter;
}

const NO_FILTERS: Filters = { category: '', status: 'all' };

interface BlogPostTableProps {
  categories: readonly string[];
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
}

/** The Blog Management list: category and status filters with Apply and Clear, 10 posts a page. */
export function BlogPostTable({ categories, onEdit, onDelete }: BlogPostTableProps) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);

  const posts = useQuery(
    adminBlogListQueryOptions({
      page,
      category: applied.category || undefined,
      published: applied.status === 'all' ? undefined : applied.status === 'published',
    }),
  );

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setApplied(NO_FILTERS);
    setPage(1);
  };

  const totalPages = posts.data?.totalPages ?? 1;
  return (
    <>
      <FilterBar onSubmit={apply} aria-label="Filter blog posts">
        <Field label="Category">
          <Select value={draft.category} onChange={(event) => setDraft({ ...draft, category: event.target.value })}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as StatusFilter })}>
            <option value="all">All</option>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </Select>
        </Field>
        <div className="actions">
          <RowActions>
            <Button type="submit" variant="secondary">
              Apply
            </Button>
            <Button type="button" variant="ghost" onClick={clear}>
              Clear
            </Button>
          </RowActions>
        </div>
      </FilterBar>

      {posts.isPending ? (
        <Centered>
          <Spinner label="Loading blog posts" />
        </Centered>
      ) : posts.isError ? (
        <Notice
          tone="error"
          action={
            <Button type="button" size="sm" variant="secondary" onClick={() => void posts.refetch()}>
              Try Again
            </Button>
          }
        >
          Failed to load blog posts: {posts.error.message}
        </Notice>
      ) : posts.data.posts.length === 0 ? (
        <EmptyState headingLevel={3} title="No blog posts here" text="No post matches these filters. Clear them, or add a new post." />
      ) : (
        <Table label="Blog posts" aria-busy={posts.isFetching}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Category</th>
              <th scope="col">Status</th>
              <th scope="col">Date</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {posts.data.posts.map((post) => (
              <tr key={post._id}>
                <td>
                  <CellTitle>
                    <span>{post.title}</span>
                    <span>
                      {post.author || 'No author'} · {post.readTime}
                    </span>
                  </CellTitle>
                </td>
                <td>{post.category}</td>
                <td>
                  <Statuses>
                    <Badge tone={post.published ? 'success' : 'neutral'}>{post.published ? 'Published' : 'Draft'}</Badge>
                    {post.featured && <Badge tone="vip">Featured</Badge>}
                  </Statuses>
                </td>
                <td>{formatDate(post.date)}</td>
                <td>
                  <RowActions>
                    <Button type="button" size="sm" variant="secondary" onClick={() => onEdit(post)} aria-label={`Edit ${post.title}`}>
                      Edit
                    </Button>
                    <Button type="button" size="sm" variant="danger" onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
                      Delete
                    </Button>
                  </RowActions>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <Pagination
        label="Blog post pages"
        page={page}
        totalPages={totalPages}
        // SPEC section 5: a page outside 1..totalPages is ignored.
        onChange={(next) => {
          if (next >= 1 && next <= totalPages) setPage(next);
        }}
        format={(current, total) => `Showing page ${current} of ${total}`}
      />
    </>
  );
}

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => px(theme.space[8])};
`;

const Statuses = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[1])};
`;
