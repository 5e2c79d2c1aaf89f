// Magnolia's React package ships no types; the edit-mode test reads it as its reference
// (src/app/edit-mode.test.tsx, docs/editing.md).
declare module '@magnolia/react-editor' {
  const editor: Record<string, unknown>;
  export = editor;
}
