// Every message the server may refuse a request with, read from its source (server/ and src/domain/): the
// first text argument of badRequest, forbidden, unauthorized, new BusinessError and a domain problem, a
// template's ${…} parts as {0}, {1} …, a constant followed to its text; and the titles of request fields a
// schema refusal names. For the check that every one of them reaches an English session in English
// (server/platform/i18n.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['server', 'src/domain'];
/** The callee and the position of its message argument. */
const MESSAGE_ARGUMENT: Readonly<Record<string, number>> = {
  badRequest: 0,
  forbidden: 0,
  unauthorized: 0,
  BusinessError: 1,
  problem: 1,
};
const CJK = /[\u3400-\u9fff]/;

export interface MessageSource {
  /** The message, its interpolations as {0}, {1} … */
  pattern: string;
  file: string;
}

const skipped = (file: string) => /\.test\.|[/\\](demo|seed|bench|test)[/\\.]|demo\.ts$/.test(file);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file);
    return file.endsWith('.ts') && !skipped(file) ? [file] : [];
  });
}

/** The texts an expression may evaluate to, as far as the file itself says. */
function textsOf(node: ts.Expression, source: ts.SourceFile, seen = new Set<ts.Node>()): string[] {
  if (seen.has(node)) return [];
  seen.add(node);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [
      node.templateSpans.reduce((text, span, i) => `${text}{${i}}${span.literal.text}`, node.head.text),
    ];
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node))
    return textsOf(node.expression, source, seen);
  if (ts.isConditionalExpression(node))
    return [...textsOf(node.whenTrue, source, seen), ...textsOf(node.whenFalse, source, seen)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return [...textsOf(node.left, source, seen), ...textsOf(node.right, source, seen)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const rights = textsOf(node.right, source, seen);
    // The right part's interpolations are numbered on from the left part's.
    return textsOf(node.left, source, seen).flatMap((left) => {
      const offset = (left.match(/\{\d+\}/g) ?? []).length;
      return rights.map(
        (right) => left + right.replace(/\{(\d+)\}/g, (_, n: string) => `{${Number(n) + offset}}`),
      );
    });
  }
  const declared = (name: string) => {
    const found: ts.Expression[] = [];
    const visit = (child: ts.Node) => {
      if (ts.isVariableDeclaration(child) && child.name.getText(source) === name && child.initializer)
        found.push(child.initializer);
      ts.forEachChild(child, visit);
    };
    visit(source);
    return found;
  };
  if (ts.isIdentifier(node)) return declared(node.text).flatMap((init) => textsOf(init, source, seen));
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    const owner = node.expression;
    if (ts.isIdentifier(owner))
      return declared(owner.text).flatMap((init) =>
        ts.isObjectLiteralExpression(init)
          ? init.properties.flatMap((property) =>
              ts.isPropertyAssignment(property) ? textsOf(property.initializer, source, seen) : [],
            )
          : [],
      );
  }
  return [];
}

/** Every Chinese message of the server's refusals, once each. */
export function serverMessageSources(root: string): MessageSource[] {
  const found = new Map<string, MessageSource>();
  for (const file of ROOTS.flatMap((dir) => filesUnder(path.join(root, dir)))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      // A request field's title: the words a schema refusal names it by (请填写{title}).
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText(source) === 'title' &&
        ts.isStringLiteral(node.initializer) &&
        CJK.test(node.initializer.text) &&
        !found.has(node.initializer.text)
      )
        found.set(node.initializer.text, { pattern: node.initializer.text, file: path.relative(root, file) });
      // A field's refusal set by hand: problems.price = `…`, fields[key] = `…`.
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left)) &&
        /^(problems|fields|errors)$/.test(node.left.expression.getText(source))
      )
        for (const pattern of textsOf(node.right, source))
          if (CJK.test(pattern) && !found.has(pattern))
            found.set(pattern, { pattern, file: path.relative(root, file) });
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
        const callee = node.expression.getText(source).split('.').pop()!;
        const argument = node.arguments[MESSAGE_ARGUMENT[callee] ?? -1];
        if (argument)
          for (const pattern of textsOf(argument, source))
            if (CJK.test(pattern) && !found.has(pattern))
              found.set(pattern, { pattern, file: path.relative(root, file) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found.values()];
}
