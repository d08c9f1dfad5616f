// happy-dom lacks HTMLSelectElement.size and HTMLOptionElement.defaultSelected. react-hook-form reads both
// to tell whether a select was changed before it registered, and without them takes every select as
// changed, keeping its first option instead of the form's default value. Browsers have both.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
  });
}
