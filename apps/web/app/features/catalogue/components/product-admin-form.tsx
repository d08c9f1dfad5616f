import {
  type AdminProduct,
  type CategoryEntry,
  flattenCategoryTree,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_MAX_PRICE_MINOR,
  PRODUCT_MAX_STOCK,
  PRODUCT_MAX_WEIGHT_GRAMS,
  PRODUCT_NAME_MAX_LENGTH,
} from '@crossbuy/core/catalogue';
import { type CurrencyCode, DEFAULT_CURRENCY, minorUnitDigits, parseMajorAmount } from '@crossbuy/core/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldValues, type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { Form, FormSubmitRow, RequiredFieldsNote, useFormField } from '../../../components/ui/form';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../components/ui/form-fields';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { TitledPage } from '../../../components/ui/titled-page';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import {
  isStaleProduct,
  type ProductChange,
  useCatalogueChoices,
  useCreateProduct,
} from '../api/product-admin-api';

/** A typed amount in major units ('12.50') as minor units of `currency`, or null when it is not one. */
export function minorFromText(text: string, currency: CurrencyCode): number | null {
  if (!/^\d{1,9}(\.\d+)?$/.test(text.trim())) return null;
  const parsed = parseMajorAmount(text.trim(), currency);
  return parsed && parsed.amountMinor <= PRODUCT_MAX_PRICE_MINOR ? parsed.amountMinor : null;
}

/** Minor units as the text a price field shows ('12.50'; '1800' for yen). */
export function textFromMinor(amountMinor: number, currency: CurrencyCode): string {
  const digits = minorUnitDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

const wholeNumber = (max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .refine((text) => Number(text) <= max, message);

const productFormSchema = z.object({
  name: z.string().trim().min(1, 'Please enter the product name').max(PRODUCT_NAME_MAX_LENGTH),
  description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX_LENGTH),
  categoryId: z.string().min(1, 'Please choose a category'),
  merchantId: z.string().min(1, 'Please choose a merchant'),
  price: z
    .string()
    .refine(
      (text) => minorFromText(text, DEFAULT_CURRENCY) !== null,
      `Please enter a price such as 12.50, at most ${textFromMinor(PRODUCT_MAX_PRICE_MINOR, DEFAULT_CURRENCY)}`,
    ),
  weightGrams: wholeNumber(
    PRODUCT_MAX_WEIGHT_GRAMS,
    'Please enter the weight in whole grams, above 0',
  ).refine((text) => Number(text) > 0, 'Please enter the weight in whole grams, above 0'),
  enabled: z.boolean(),
  stock: wholeNumber(PRODUCT_MAX_STOCK, `Please enter a stock from 0 to ${PRODUCT_MAX_STOCK}`),
});

export type ProductFormValues = z.infer<typeof productFormSchema>;

const FIELDS_BY_CODE: FieldsByCode<ProductFormValues> = {
  'category/not_found': 'categoryId',
  'merchant/not_found': 'merchantId',
};

/** The product's own fields, as a form holds them. */
export function productFormValues(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    categoryId: product.categoryId,
    merchantId: product.merchant.id,
    price: textFromMinor(product.price.amountMinor, product.price.currency),
    weightGrams: String(product.weightGrams),
    enabled: product.enabled,
    stock: String(product.stock),
  };
}

function FormTextArea<T extends FieldValues>({
  name,
  label,
  maxLength,
}: {
  name: Path<T>;
  label: string;
  maxLength: number;
}) {
  const field = useFormField<T>(name, label, `Please enter the ${label.toLowerCase()}`);
  return (
    <FieldFrame id={field.id} label={label} error={field.error}>
      {(control) => (
        <textarea
          className={CONTROL_CLASSES}
          rows={5}
          maxLength={maxLength}
          {...control}
          {...field.registration}
        />
      )}
    </FieldFrame>
  );
}

/** The category tree as a select's options, each indented by its depth. */
export function categoryOptions(categories: readonly CategoryEntry[]) {
  return categories.map((category) => ({
    value: category.id,
    label: `${'– '.repeat(category.depth)}${category.name}`,
  }));
}

/**
 * The fields a product is described by. The price is the product's own when it has no variants; with
 * variants it is the lowest of theirs and is set on them.
 */
function ProductFields({ withVariants, creating }: { withVariants: boolean; creating: boolean }) {
  const { categories, merchants } = useCatalogueChoices();
  if (categories.isPending || merchants.isPending)
    return <Loading>Loading categories and merchants…</Loading>;
  if (categories.isError || merchants.isError) {
    return (
      <LoadFailure
        what="the categories and merchants"
        error={categories.error ?? merchants.error}
        onRetry={() => void Promise.all([categories.refetch(), merchants.refetch()])}
      />
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField<ProductFormValues>
        name="name"
        label="Name"
        required
        maxLength={PRODUCT_NAME_MAX_LENGTH}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <FormTextArea<ProductFormValues>
          name="description"
          label="Description"
          maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
        />
      </div>
      <FormSelectField<ProductFormValues>
        name="categoryId"
        label="Category"
        required
        placeholder="Choose a category"
        options={categoryOptions(flattenCategoryTree(categories.data))}
      />
      <FormSelectField<ProductFormValues>
        name="merchantId"
        label="Merchant"
        required
        placeholder="Choose a merchant"
        options={merchants.data.map((merchant) => ({ value: merchant.id, label: merchant.name }))}
      />
      {withVariants ? null : (
        <FormTextField<ProductFormValues>
          name="price"
          label={`Price (${DEFAULT_CURRENCY})`}
          required
          inputMode="decimal"
          autoComplete="off"
        />
      )}
      <FormTextField<ProductFormValues>
        name="weightGrams"
        label="Shipping weight (grams)"
        required
        inputMode="numeric"
        autoComplete="off"
      />
      {creating ? (
        <>
          <FormTextField<ProductFormValues>
            name="stock"
            label="Stock"
            required
            inputMode="numeric"
            autoComplete="off"
          />
          <FormCheckbox<ProductFormValues>
            name="enabled"
            label="On sale as soon as it is added"
            className="sm:col-span-2"
          />
        </>
      ) : null}
    </div>
  );
}

/** The page that adds a product; it opens the new product's page, where variants and prices are set. */
export function ProductAdminCreate() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string>();
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: {
      name: '',
      description: '',
      categoryId: '',
      merchantId: '',
      price: '',
      weightGrams: '500',
      enabled: false,
      stock: '0',
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(undefined);
    try {
      const product = await create.mutateAsync({
        name: values.name,
        description: values.description,
        categoryId: values.categoryId,
        merchantId: values.merchantId,
        priceMinor: minorFromText(values.price, DEFAULT_CURRENCY) ?? 0,
        weightGrams: Number(values.weightGrams),
        enabled: values.enabled,
        stock: Number(values.stock),
      });
      navigate(`/admin/products/${product.id}`);
    } catch (error) {
      setMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
    }
  });
  return (
    <TitledPage headingId="new-product-heading" title="Add a product" width="max-w-3xl">
      <Form
        form={form}
        onSubmit={onSubmit}
        labelledBy="new-product-heading"
        message={message}
        errorSummary
        intro={<RequiredFieldsNote />}
      >
        <ProductFields withVariants={false} creating />
        <FormSubmitRow label="Add the product" pendingLabel="Adding…" />
      </Form>
    </TitledPage>
  );
}

/** The product's own fields, saved from the version the page loaded. */
export function ProductDetailsForm({
  product,
  change,
}: {
  product: AdminProduct;
  change: (change: ProductChange) => Promise<AdminProduct>;
}) {
  const [notice, setNotice] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormValues(product),
  });
  const withVariants = product.variantRows.length > 0;
  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(undefined);
    setRefusal(undefined);
    try {
      const saved = await change({
        kind: 'update',
        input: {
          version: product.version,
          name: values.name,
          description: values.description,
          categoryId: values.categoryId,
          merchantId: values.merchantId,
          weightGrams: Number(values.weightGrams),
          ...(withVariants ? {} : { priceMinor: minorFromText(values.price, DEFAULT_CURRENCY) ?? 0 }),
        },
      });
      form.reset(productFormValues(saved));
      setNotice('The product is saved. The shop shows it now.');
    } catch (error) {
      // A stale save is explained once, above every part of the page, with the way to reload.
      if (!isStaleProduct(error)) setRefusal(showServerError(error, form.setError, FIELDS_BY_CODE));
    }
  });
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      labelledBy="product-details-heading"
      message={refusal}
      notice={notice}
      errorSummary
      className="rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="product-details-heading" className="text-xl font-semibold">
        Details
      </h2>
      <ProductFields withVariants={withVariants} creating={false} />
      <FormSubmitRow label="Save details" pendingLabel="Saving…" />
    </Form>
  );
}
