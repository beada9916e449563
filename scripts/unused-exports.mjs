// `npm run lint:exports` (part of `npm run lint`): every exported value (function, constant, class)
// of a hand-written module of src/ is
// imported somewhere — by another module of src/, a test, a script, a bench or a client — else it
// should not be exported. (Exported types are not checked: they name the parts of exported signatures.) Found with the TypeScript compiler over tsconfig.json's files: an import
// (named, default, `import * as ns` then `ns.member`, a re-export) marks the declaration it resolves
// to as used; a dynamic `import()` marks every export of its module. A module loaded by path (a
// worker thread's entry, a process's entry) exports nothing anyone imports and is listed below.
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Modules whose exports are read by something that is not an import (a thread's or a sandboxed process's entry, loaded by path: src/infra/queue/entry.ts) and generated modules. */
const SKIPPED = [/^src\/infra\/prisma\/generated\//, /\.d\.ts$/, /^src\/infra\/queue\/(thread|sandbox)\.ts$/];

export function unusedExports() {
  const configFile = ts.readConfigFile(`${ROOT}/tsconfig.json`, ts.sys.readFile);
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const ours = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'));
  const used = new Set();
  const everyExportOf = new Set();

  const resolved = (symbol) => {
    let s = symbol;
    for (let i = 0; s && s.flags & ts.SymbolFlags.Alias && i < 20; i++) s = checker.getAliasedSymbol(s);
    return s;
  };
  const mark = (node) => {
    const symbol = node && checker.getSymbolAtLocation(node);
    if (symbol) used.add(resolved(symbol));
  };
  const namespaces = new Set();

  for (const file of ours) {
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && node.importClause) {
        const clause = node.importClause;
        if (clause.name) mark(clause.name);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) mark(el.name);
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(checker.getSymbolAtLocation(bindings.name));
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        if (!node.exportClause) {
          const target = checker.getSymbolAtLocation(node.moduleSpecifier);
          if (target) everyExportOf.add(target);
        } else if (ts.isNamedExports(node.exportClause)) {
          for (const el of node.exportClause.elements) mark(el.propertyName ?? el.name);
        }
      } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
        const base = checker.getSymbolAtLocation(node.expression);
        if (base && namespaces.has(base)) mark(node.name);
      } else if (ts.isQualifiedName(node) && ts.isIdentifier(node.left)) {
        const base = checker.getSymbolAtLocation(node.left);
        if (base && namespaces.has(base)) mark(node.right);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const target = node.arguments[0] && checker.getSymbolAtLocation(node.arguments[0]);
        if (target) everyExportOf.add(target);
      } else if (ts.isImportTypeNode(node)) {
        if (node.qualifier) mark(node.qualifier);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const unused = [];
  for (const file of ours) {
    const path = relative(ROOT, file.fileName);
    if (!path.startsWith('src/') || SKIPPED.some((re) => re.test(path))) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol || everyExportOf.has(moduleSymbol)) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = resolved(exported);
      if (used.has(target) || used.has(exported)) continue;
      // types: an exported type may name a member of an exported signature; only values are checked
      if (!(target.flags & ts.SymbolFlags.Value)) continue;
      // a re-export (`export { x } from`) is an export of the module it names, checked there
      if (target.declarations?.[0]?.getSourceFile() !== file) continue;
      const decl = exported.declarations?.[0];
      const line = decl ? file.getLineAndCharacterOfPosition(decl.getStart()).line + 1 : 0;
      unused.push(`${path}:${line} ${exported.name}`);
    }
  }
  return unused;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const unused = unusedExports();
  if (unused.length) {
    console.error(`Exports nobody imports (remove the export, or the code):\n${unused.map((u) => `  ${u}`).join('\n')}`);
    process.exit(1);
  }
  console.log('unused exports: none');
}
