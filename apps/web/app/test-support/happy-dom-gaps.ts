// happy-dom lacks HTMLSelectElement.size and HTMLOptionElement.defaultSelected. react-hook-form reads both
// to tell whether a select was changed before it registered, and without them takes every select as
// changed, keeping its first option instead of the form's default value; React writes defaultSelected
// when it renders a select with a value. Browsers reflect both to attributes, as these do.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    set(this: HTMLOptionElement, value: boolean) {
      this.toggleAttribute('selected', Boolean(value));
    },
  });
}
