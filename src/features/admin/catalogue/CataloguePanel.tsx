import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../api/admin/console';
import { ApiError } from '../../../api/client';
import { storeKeys } from '../../../api/store';
import { ConfirmDialog, EmptyState, ErrorState, Stack, Table, useFieldErrors } from '../../../ui';
import { ActionNoticeBar } from '../shared/ActionNoticeBar';
import { AddButtonBar } from '../shared/AdminScreen';
import { EditDeleteActions, TableHead } from '../shared/AdminTable';
import { LoadingState } from '../shared/LoadStates';
import { useActionNotice } from '../shared/useActionNotice';
import { CatalogueItemDialog } from './CatalogueItemDialog';
import { formFieldOf, type CatalogueKind, type FieldValues } from './catalogue-kinds';

type Editing = { id: string | undefined; values: FieldValues; key: string };

/** Lists one kind of catalogue item with Add, Edit and Delete (with confirmation). */
export function CataloguePanel<Item extends { _id: string; name: string }>({ kind }: { kind: CatalogueKind<Item> }) {
  const queryClient = useQueryClient();
  const items = kind.useItems();
  const { notice, succeed, dismiss } = useActionNotice();
  const [editing, setEditing] = useState<Editing | null>(null);
  const fieldErrors = useFieldErrors<string>();
  const [deleting, setDeleting] = useState<Item | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: kind.queryKey });
    void queryClient.invalidateQueries({ queryKey: adminKeys.activityAll() });
    // The public Coins, VIP and Store screens read the same catalogue.
    void queryClient.invalidateQueries({ queryKey: storeKeys.all });
  };

  const save = useMutation({
    mutationFn: (run: () => Promise<{ message: string }>) => run(),
    onSuccess: (result) => {
      refresh();
      succeed(result.message);
      setEditing(null);
    },
    onError: (error) => {
      // The API's per-field messages land under the fields ('gift.price' -> price, 'coinPack.price.amountMinor' -> price).
      if (error instanceof ApiError) {
        fieldErrors.show(Object.fromEntries(error.fieldErrors.map((entry) => [formFieldOf(entry.field.split('.').slice(1)), entry.message])));
      }
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => kind.remove(id),
    onSuccess: (result) => {
      refresh();
      succeed(result.message);
      setDeleting(null);
    },
  });

  const open = (item: Item | null) => {
    save.reset();
    fieldErrors.clear();
    setEditing(item ? { id: item._id, values: kind.toValues(item), key: item._id } : { id: undefined, values: kind.blank, key: `new-${Date.now()}` });
  };
  const submit = (values: FieldValues) => {
    const prepared = kind.prepareSave(values, editing?.id);
    if (!prepared.ok) {
      fieldErrors.show(prepared.errors);
      return;
    }
    fieldErrors.clear();
    save.mutate(prepared.run);
  };

  return (
    <Stack gap={4}>
      <AddButtonBar label={`Add ${kind.noun}`} onAdd={() => open(null)} />
      <ActionNoticeBar notice={notice} onDismiss={dismiss} />
      {items.isPending ? (
        <LoadingState label={`Loading ${kind.title.toLowerCase()}`} />
      ) : items.isError ? (
        <ErrorState title={`Error Loading ${kind.title}`} text={items.error.message} action={{ label: 'Try Again', onClick: () => void items.refetch() }} />
      ) : items.data.length === 0 ? (
        <EmptyState title={`No ${kind.title.toLowerCase()} yet`} text={`Add the first ${kind.noun}; members see active ones.`} />
      ) : (
        <Table label={kind.title}>
          <TableHead columns={[...kind.columns.map((column) => column.header), 'Actions']} />
          <tbody>
            {items.data.map((item) => (
              <tr key={item._id}>
                {kind.columns.map((column) => (
                  <td key={column.header}>{column.cell(item)}</td>
                ))}
                <td>
                  <EditDeleteActions
                    name={item.name}
                    onEdit={() => open(item)}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(item);
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <CatalogueItemDialog
        key={editing?.key ?? 'closed'}
        open={editing !== null}
        title={editing?.id ? `Edit ${kind.noun}` : `Add ${kind.noun}`}
        fields={kind.fields}
        initial={editing?.values ?? kind.blank}
        busy={save.isPending}
        fieldErrors={fieldErrors.errors}
        onEdit={fieldErrors.withdraw}
        error={save.isError ? save.error.message : null}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${kind.noun}`}
        question={`Are you sure you want to delete the ${kind.noun} "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
