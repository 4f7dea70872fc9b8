import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { BlogPost } from '../../../../contract/blog/posts';
import { adminBlogListQueryOptions } from '../../../api/blog/posts';
import { Badge, EmptyState, Field, Pagination, px, Select, Table } from '../../../ui';
import { CellTitle, FilterActions, FilterBar } from '../shared/AdminScreen';
import { CellTime, EditDeleteActions, TableHead } from '../shared/AdminTable';
import { formatDate } from '../shared/format';
import { LoadFailedNotice, LoadingState } from '../shared/LoadStates';

type StatusFilter = 'all' | 'published' | 'draft';

interface Filters {
  category: string;
  status: StatusFilter;
}

const NO_FILTERS: Filters = { category: '', status: 'all' };

const COLUMNS = ['Title', 'Category', 'Status', 'Date', 'Actions'];

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
        <FilterActions submitLabel="Apply" onClear={clear} />
      </FilterBar>

      {posts.isPending ? (
        <LoadingState label="Loading blog posts" />
      ) : posts.isError ? (
        <LoadFailedNotice onRetry={() => void posts.refetch()}>Failed to load blog posts: {posts.error.message}</LoadFailedNotice>
      ) : posts.data.posts.length === 0 ? (
        <EmptyState headingLevel={3} title="No blog posts here" text="No post matches these filters. Clear them, or add a new post." />
      ) : (
        <Table label="Blog posts" aria-busy={posts.isFetching}>
          <TableHead columns={COLUMNS} />
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
                <td>
                  <CellTime iso={post.date} text={formatDate(post.date)} />
                </td>
                <td>
                  <EditDeleteActions name={post.title} onEdit={() => onEdit(post)} onDelete={() => onDelete(post)} />
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

const Statuses = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[1])};
`;
