import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { BlogPostInput } from '../../../../contract/blog/posts';
import { Button, Card, Checkbox, Field, Heading, Input, px, Select, Textarea } from '../../../ui';
import { formValuesToInput, inputToFormValues, type BlogFormValues } from './blog-form';

interface BlogPostFormProps {
  /** 'new' shows "Add New Post", 'existing' "Edit Post". */
  mode: 'new' | 'existing';
  initial: BlogPostInput;
  categories: readonly string[];
  saving: boolean;
  onSave: (post: BlogPostInput) => void;
  onCancel: () => void;
}

/** The SPEC's add/edit form: title, excerpt, HTML content, author, date, read time, image, category, tags, published, featured. */
export function BlogPostForm({ mode, initial, categories, saving, onSave, onCancel }: BlogPostFormProps) {
  const [values, setValues] = useState<BlogFormValues>(() => inputToFormValues(initial));
  const [titleError, setTitleError] = useState<string | undefined>();
  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  // A post whose category is no longer in the list keeps it as an option.
  const categoryOptions = categories.includes(values.category) || !values.category ? categories : [values.category, ...categories];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.title.trim()) {
      setTitleError('Title is required');
      return;
    }
    setTitleError(undefined);
    onSave(formValuesToInput(values));
  };

  const title = mode === 'new' ? 'Add New Post' : 'Edit Post';
  return (
    <Card as="section" aria-labelledby="blog-form-heading">
      <Form onSubmit={submit} noValidate aria-labelledby="blog-form-heading">
        <Heading level={2} size="lg" id="blog-form-heading">
          {title}
        </Heading>
        <Grid>
          <Wide>
            <Field label="Title" error={titleError}>
              <Input name="title" value={values.title} onChange={(event) => set('title', event.target.value)} required />
            </Field>
          </Wide>
          <Wide>
            <Field label="Excerpt" hint="One or two sentences shown on the blog list.">
              <Textarea name="excerpt" rows={2} value={values.excerpt} onChange={(event) => set('excerpt', event.target.value)} />
            </Field>
          </Wide>
          <Wide>
            <Field label="Content (HTML)" hint="HTML is allowed; scripts and unsafe attributes are removed when shown.">
              <Textarea name="content" rows={10} value={values.content} onChange={(event) => set('content', event.target.value)} />
            </Field>
          </Wide>
          <Field label="Author">
            <Input name="author" value={values.author} onChange={(event) => set('author', event.target.value)} />
          </Field>
          <Field label="Date">
            <Input name="date" type="date" value={values.date} onChange={(event) => set('date', event.target.value)} />
          </Field>
          <Field label="Read time">
            <Input name="readTime" value={values.readTime} placeholder="5 min read" onChange={(event) => set('readTime', event.target.value)} />
          </Field>
          <Field label="Category">
            <Select name="category" value={values.category} onChange={(event) => set('category', event.target.value)}>
              {categoryOptions.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          </Field>
          <Wide>
            <Field label="Image URL" hint="An http(s) address or a path on this site, e.g. /api/media/cover/spring-date">
              <Input name="image" value={values.image} onChange={(event) => set('image', event.target.value)} />
            </Field>
          </Wide>
          <Wide>
            <Field label="Tags" hint="Separate tags with commas, e.g. dating, safety, tips">
              <Input name="tags" value={values.tags} onChange={(event) => set('tags', event.target.value)} />
            </Field>
          </Wide>
          <Checkbox label="Published" checked={values.published} onChange={(event) => set('published', event.target.checked)} />
          <Checkbox label="Featured" checked={values.featured} onChange={(event) => set('featured', event.target.checked)} />
        </Grid>
        <Actions>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} loadingLabel="Saving...">
            {mode === 'new' ? 'Create Post' : 'Update Post'}
          </Button>
        </Actions>
      </Form>
    </Card>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Wide = styled.div`
  ${({ theme }) => theme.media.tablet} {
    grid-column: 1 / -1;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => px(theme.space[3])};
`;
