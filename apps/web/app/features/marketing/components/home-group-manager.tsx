import { flattenCategoryTree } from '@crossbuy/core/catalogue';
import { type HomeGroupDraft, homeGroupDraftSchema, type StoreHomeGroup } from '@crossbuy/core/marketing';
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ErrorAlert } from '../../../components/ui/alert';
import { FormSelectField } from '../../../components/ui/form-fields';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { useCategoryChoices } from '../../catalogue/api/product-admin-api';
import { categoryOptions } from '../../catalogue/components/product-admin-form';
import { homeGroupCalls } from '../api/content-kinds-api';
import { ContentEditor, type ContentKindEditor } from './content-editor';
import { PlaceFields, TitleField } from './content-fields';
import { draftResolver, PLACE_FIELDS_BY_CODE, placeFromFields, placeToFields } from './draft-form';
import { ProductPicker } from './home-group-product-picker';

type HomeGroupFormValues = {
  title: string;
  categoryId: string;
  productIds: string[];
  position: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
};

const resolver = draftResolver<HomeGroupFormValues, typeof homeGroupDraftSchema>(
  homeGroupDraftSchema,
  (values) => ({ ...values, ...placeFromFields(values) }),
);

/** A home group's title, category, products, place in the order and schedule. */
function HomeGroupFields({ item: group }: { item: StoreHomeGroup | null }) {
  const categories = useCategoryChoices();
  const form = useFormContext<HomeGroupFormValues>();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(
    () => new Map(group?.products.map((product) => [product.id, product.name])),
  );
  const productIds = useWatch({ control: form.control, name: 'productIds' });
  const { errors } = useFormState({ control: form.control, name: 'productIds' });

  const options = categories.data ? categoryOptions(flattenCategoryTree(categories.data)) : [];
  // A group keeps its category even should the storefront's tree no longer list it.
  if (group?.categoryId && !options.some((option) => option.value === group.categoryId)) {
    options.unshift({ value: group.categoryId, label: group.categoryName ?? group.categoryId });
  }

  return (
    <>
      <TitleField />
      <FormSelectField<HomeGroupFormValues>
        name="categoryId"
        label="Category"
        placeholder={categories.isPending ? 'Loading categories…' : 'None'}
        options={options}
        hint="Optional: the category the row stands for."
      />
      <ErrorAlert error={categories.error} />
      <ProductPicker
        picked={productIds}
        names={names}
        error={fieldErrorMessage(errors.productIds)}
        onChange={(next, added) => {
          if (added) setNames((known) => new Map(known).set(added.id, added.name));
          form.setValue('productIds', next, { shouldDirty: true });
          form.clearErrors('productIds');
        }}
      />
      <PlaceFields hint="Groups show from the lowest position up." />
    </>
  );
}

const homeGroupEditor: ContentKindEditor<StoreHomeGroup, HomeGroupFormValues, HomeGroupDraft> = {
  words: {
    headingId: 'home-groups-heading',
    title: 'Home product groups',
    plural: 'home product groups',
    listLabel: "Home product groups in the home page's order",
    noun: 'group',
    formNoun: 'home group',
    deleteQuestion: (group) =>
      `Delete the group “${group.title}”? It leaves the home page and cannot be brought back; its products stay in the catalogue.`,
  },
  ordered: true,
  calls: homeGroupCalls,
  form: {
    values: (group, groups) => ({
      title: group?.title ?? '',
      categoryId: group?.categoryId ?? '',
      productIds: group?.products.map((product) => product.id) ?? [],
      ...placeToFields(group, groups),
    }),
    resolver: () => resolver,
    fieldsByCode: {
      'content/invalid_title': 'title',
      'content/invalid_category': 'categoryId',
      'content/invalid_products': 'productIds',
      ...PLACE_FIELDS_BY_CODE,
    },
    Fields: HomeGroupFields,
  },
  card: {
    status: (group) => group.status,
    details: (group) => {
      const count = group.products.length;
      return (
        <>
          <p className="text-sm break-words">
            Position {group.position} ·{' '}
            {group.categoryName ? `Category ${group.categoryName}` : 'No category'} ·{' '}
            {count === 0 ? 'No products' : `${count} product${count === 1 ? '' : 's'}`}
          </p>
          {count > 0 ? (
            <p className="text-sm text-muted break-words">
              {group.products
                .map((product) => (product.enabled ? product.name : `${product.name} (disabled)`))
                .join(', ')}
            </p>
          ) : null}
        </>
      );
    },
    // The group as its draft: what a switch sends back.
    draft: (group) => ({
      title: group.title,
      categoryId: group.categoryId,
      productIds: group.products.map((product) => product.id),
      position: group.position,
      startsAt: group.startsAt,
      endsAt: group.endsAt,
    }),
  },
};

/** The home page's product groups in their order: add, edit, order, switch, schedule and delete them. */
export function HomeGroupManager() {
  return <ContentEditor kind={homeGroupEditor} />;
}
