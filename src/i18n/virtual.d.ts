declare module 'virtual:catalogue/*' {
  // The compiled form of src/i18n/format.ts, written out: an ambient module cannot import it.
  // Passing these messages to `provideCatalogue` checks that the two agree.
  type Token = string | readonly [string] | readonly [string, 'plural', Record<string, Compiled>];
  type Compiled = string | readonly Token[];
  const messages: Record<string, Compiled>;
  export default messages;
}
