import { type AdminCategory, CATEGORY_NAME_MAX_LENGTH, isWithinCategory } from '@crossbuy/core/catalogue';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { FormPanel } from '../../../components/ui/panel';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type CategoryChange, useAdminCategories, useChangeCategory } from '../api/category-admin-api';

const TOP_LEVEL = '';

function depthOf(category: AdminCategory): number {
  return category.path.split('.').length - 1;
}

/** Where a category may go: the top level or any category outside its own branch. */
function parentOptions(categories: readonly AdminCategory[], moving?: AdminCategory) {
  return [
    { value: TOP_LEVEL, label: 'Top level' },
    ...categories
      .filter((category) => !moving || !isWithinCategory(category.path, moving.path))
      .map((category) => ({
        value: category.id,
        label: `${'— '.repeat(depthOf(category))}${category.name}`,
      })),
  ];
}

/** The category tree at /admin/products/categories: add, rename, move, reorder, disable and delete. */
export function CategoryAdmin() {
  const tree = useAdminCategories();
  const change = useChangeCategory();
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const apply = (next: CategoryChange, done: string) =>
    change.mutate(next, {
      onSuccess: () => {
        setAnnouncement(done);
        if (next.kind === 'delete') {
          setEditing(null);
          heading.current?.focus();
        }
      },
    });

  if (tree.isPending) return <Loading>Loading the categories…</Loading>;
  if (tree.isError)
    return <LoadFailure what="the categories" error={tree.error} onRetry={() => tree.refetch()} />;
  const { categories } = tree.data;

  return (
    <div className="flex flex-col gap-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold">
        Categories
      </h1>
      <AddCategory
        categories={categories}
        onAdd={(input, name) => apply({ kind: 'create', input }, `${name} was added.`)}
        pending={change.isPending}
      />
      <ErrorAlert error={change.error} />
      <p role="status" className="text-sm">
        {announcement}
      </p>
      {categories.length === 0 ? (
        <p>There are no categories yet.</p>
      ) : (
        <ul
          aria-label="Category tree"
          className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-white"
        >
          {categories.map((category) => {
            const siblings = categories.filter((other) => other.parentId === category.parentId);
            const index = siblings.findIndex((other) => other.id === category.id);
            const move = (position: number, word: string) =>
              apply(
                { kind: 'move', id: category.id, input: { parentId: category.parentId, position } },
                `${category.name} moved ${word}.`,
              );
            return (
              <li
                key={category.id}
                className="flex flex-col gap-2 p-3"
                style={{ paddingInlineStart: `${0.75 + depthOf(category) * 1.25}rem` }}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{category.name}</span>
                  <span className="text-xs text-muted">
                    {category.id} · {category.productCount} products · {category.childCount} below
                  </span>
                  {category.disabled ? (
                    <span className="rounded bg-danger-50 px-2 text-xs text-danger-700">Disabled</span>
                  ) : null}
                  <span className="ms-auto flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      disabled={index === 0 || change.isPending}
                      aria-label={`Move ${category.name} up`}
                      onClick={() => move(index - 1, 'up')}
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={index === siblings.length - 1 || change.isPending}
                      aria-label={`Move ${category.name} down`}
                      onClick={() => move(index + 1, 'down')}
                    >
                      Down
                    </Button>
                    <Button
                      variant="secondary"
                      aria-expanded={editing === category.id}
                      aria-label={`Edit ${category.name}`}
                      onClick={() => setEditing(editing === category.id ? null : category.id)}
                    >
                      Edit
                    </Button>
                  </span>
                </div>
                {editing === category.id ? (
                  <EditCategory
                    category={category}
                    categories={categories}
                    pending={change.isPending}
                    apply={apply}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** A category's name and its parent's id ({@link TOP_LEVEL} for none), as the fields hold them. */
type NameAndParent = { name: string; parentId: string };

/** A category's name and where it sits in the tree: the same two fields to add one and to edit one. */
function NameAndParentFields({
  value,
  onChange,
  parents,
}: {
  value: NameAndParent;
  onChange: (value: NameAndParent) => void;
  /** Where it may go, from {@link parentOptions}. */
  parents: readonly SelectOption[];
}) {
  return (
    <>
      <TextField
        label="Name"
        required
        value={value.name}
        maxLength={CATEGORY_NAME_MAX_LENGTH}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
      />
      <SelectField
        label="Under"
        value={value.parentId}
        onChange={(event) => onChange({ ...value, parentId: event.target.value })}
        options={parents}
      />
    </>
  );
}

function AddCategory({
  categories,
  onAdd,
  pending,
}: {
  categories: readonly AdminCategory[];
  onAdd: (input: { name: string; parentId: string | null; id?: string }, name: string) => void;
  pending: boolean;
}) {
  const [fields, setFields] = useState<NameAndParent>({ name: '', parentId: TOP_LEVEL });
  const [id, setId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { name, parentId } = fields;
    onAdd({ name, parentId: parentId || null, ...(id.trim() && { id: id.trim() }) }, name.trim());
    setFields({ name: '', parentId });
    setId('');
  };
  return (
    <FormPanel headingId="add-category-heading" title="Add a category" onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-3">
        <NameAndParentFields value={fields} onChange={setFields} parents={parentOptions(categories)} />
        <TextField
          label="Id (optional)"
          hint="Lower-case letters, digits and hyphens; made from the name when left empty."
          value={id}
          onChange={(event) => setId(event.target.value)}
        />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          Add category
        </Button>
      </div>
    </FormPanel>
  );
}

function EditCategory({
  category,
  categories,
  pending,
  apply,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  pending: boolean;
  apply: (change: CategoryChange, done: string) => void;
}) {
  const [fields, setFields] = useState<NameAndParent>({
    name: category.name,
    parentId: category.parentId ?? TOP_LEVEL,
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const { name, parentId } = fields;
    if (name.trim() !== category.name) {
      apply(
        { kind: 'update', id: category.id, input: { name } },
        `${category.name} is now called ${name.trim()}.`,
      );
    }
    if ((parentId || null) !== category.parentId) {
      apply(
        { kind: 'move', id: category.id, input: { parentId: parentId || null, position: 10_000 } },
        `${category.name} was moved.`,
      );
    }
  };
  return (
    <form
      onSubmit={save}
      aria-label={`Edit ${category.name}`}
      className="flex flex-col gap-3 rounded-xl bg-brand-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <NameAndParentFields
          value={fields}
          onChange={setFields}
          parents={parentOptions(categories, category)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          Save
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() =>
            apply(
              { kind: 'update', id: category.id, input: { disabled: !category.disabled } },
              `${category.name} is ${category.disabled ? 'shown in the store again' : 'hidden from the store'}.`,
            )
          }
        >
          {category.disabled ? 'Enable' : 'Disable'}
        </Button>
        {confirmingDelete ? (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="float-left">Delete {category.name} for good?</legend>
            <Button
              variant="danger"
              disabled={pending}
              onClick={() => apply({ kind: 'delete', id: category.id }, `${category.name} was deleted.`)}
            >
              Yes, delete
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
              Keep it
            </Button>
          </fieldset>
        ) : (
          <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
            Delete…
          </Button>
        )}
      </div>
    </form>
  );
}
