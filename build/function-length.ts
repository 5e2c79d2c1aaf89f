/**
 * Function length, measured with the TypeScript compiler's parser: every function-like node with
 * a body (declarations, methods, arrow functions, function expressions, constructors, accessors)
 * and its length from its first line to its last.
 */
import ts from 'typescript';

interface LongFunction {
  line: number;
  name: string;
  lines: number;
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText();
  // An anonymous function is known by what it is assigned to or passed as.
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText()})`;
  return '(anonymous)';
}

function hasBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** The functions of one source longer than `limit` lines, first line to last. */
export function longFunctions(fileName: string, text: string, limit: number): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (hasBody(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
