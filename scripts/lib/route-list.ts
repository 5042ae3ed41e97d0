/**
 * docs/routes.md, made from the route declarations and never by hand (`npm run routes`; a unit test fails when the
 * checked-in copy differs). Method, path, access and status are the declared values (API_ROUTE_TREE of
 * src/lib/api-routes.ts); input and answer are the declared types, read with the TypeScript compiler, so the list
 * says what the compiler holds every caller and handler to.
 */
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { API_ROUTE_TREE, isRoute, type RouteTree } from '../../src/lib/api-routes.ts';
import type { Route } from '../../src/lib/http/route.ts';

const ROOT = resolve(import.meta.dirname, '../..');
export const ROUTE_LIST_FILE = join(ROOT, 'docs/routes.md');
const DECLARATIONS = join(ROOT, 'src/lib/api-routes.ts');
const ROUTE_TYPE = join(ROOT, 'src/lib/http/route.ts');
const ENDPOINT = join(ROOT, 'src/lib/http/endpoint.ts');
const INPUTS = ['params', 'query', 'body'] as const;

interface Declared {
  readonly name: string;
  readonly route: Route;
  /** The route's property in its routes.ts: its type carries the declared input and answer. */
  readonly symbol: ts.Symbol;
}

/** The Markdown of docs/routes.md. */
export function routeList(): string {
  const program = ts.createProgram([DECLARATIONS, ROUTE_TYPE], compilerOptions());
  const checker = program.getTypeChecker();
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(DECLARATIONS)!)!);
  const tree = exports.find((symbol) => symbol.name === 'API_ROUTE_TREE')!;
  const routeTypes = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(ROUTE_TYPE)!)!);
  const accessDoc = docOf(routeTypes.find((symbol) => symbol.name === 'Access')!, checker);

  const sections = Object.entries(API_ROUTE_TREE).map(([domain, routes]) => {
    const symbol = checker.getTypeOfSymbol(tree).getProperty(domain)!;
    const declared = declaredRoutes(domain, routes, symbol, checker);
    const source = link(declared[0]!.symbol.declarations![0]!.getSourceFile().fileName);
    return [
      `## ${domain} ([${source.replace('../', '')}](${source}))`,
      '',
      '| Method | Path | Access | Input | Answer | Declared as |',
      '| --- | --- | --- | --- | --- | --- |',
      ...declared.map((entry) => row(entry, checker)),
      '',
    ].join('\n');
  });

  return [
    '# API routes',
    '',
    '<!-- Made by `npm run routes` from src/lib/api-routes.ts; do not edit by hand. -->',
    '',
    `Every route of the JSON API, as its domain's \`routes.ts\` declares it ([route.ts](${link(ROUTE_TYPE)})) and`,
    `\`endpoint()\` ([endpoint.ts](${link(ENDPOINT)})) serves it. Input is what the route declares for its path`,
    'parameters, query and JSON body (`?` marks an optional field); the zod schema the endpoint is given checks each,',
    'and refuses what it does not accept with 400.',
    '',
    `Access: ${accessDoc}`,
    '',
    'Errors are JSON `{ error }`. Each row lists the statuses its declaration implies; any route may also answer the',
    `domain errors of [errors.ts](${link(join(ROOT, 'src/lib/http/errors.ts'))}) its handler throws (404, 409, …) and 503 while the database is away.`,
    '',
    ...sections,
  ].join('\n');
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options, noEmit: true };
}

/** The routes under one node of the tree, depth first in declaration order, each with its typed declaration. */
function declaredRoutes(name: string, node: Route | RouteTree, symbol: ts.Symbol, checker: ts.TypeChecker): Declared[] {
  if (isRoute(node)) return [{ name, route: node, symbol }];
  const type = checker.getTypeOfSymbol(symbol);
  return Object.entries(node).flatMap(([key, child]) => declaredRoutes(`${name}.${key}`, child, type.getProperty(key)!, checker));
}

function row({ name, route, symbol }: Declared, checker: ts.TypeChecker): string {
  const declared = checker.getNonNullableType(checker.getTypeOfSymbol(checker.getTypeOfSymbol(symbol).getProperty('types')!));
  const typeOf = (part: string) => {
    const property = declared.getProperty(part);
    return property && checker.getTypeOfSymbol(property);
  };
  const inputs = INPUTS.flatMap((part) => {
    const type = typeOf(part);
    return type ? [`${part}: ${fieldsOf(type, checker)}`] : [];
  });
  const answer = typeOf('answer')!;
  const status = route.status ?? 200;
  const errors = [
    ...(inputs.length > 0 ? [400] : []),
    ...(route.access === 'user' || route.access === 'admin' ? [401] : []),
    ...(route.access === 'admin' ? [403] : []),
    ...(typeOf('body') ? [413, 415] : []),
  ];
  const answerText = answer.flags & ts.TypeFlags.Never ? `${status} not JSON` : `${status} ${typeLink(answer, checker)}`;
  const doc = docOf(symbol, checker);
  return `| ${[
    route.method,
    `\`${route.path}\``,
    route.access,
    inputs.join('<br>') || '—',
    errors.length > 0 ? `${answerText}<br>errors: ${errors.join(', ')}` : answerText,
    doc ? `\`${name}\`: ${doc}` : `\`${name}\``,
  ].map(cell).join(' | ')} |`;
}

/**
 * An object's fields as `name?: type`; each shape of a union of objects, joined by "or"; the type itself when it has
 * no fields (a body of any JSON).
 */
function fieldsOf(type: ts.Type, checker: ts.TypeChecker): string {
  if (type.isUnion() && type.types.every((member) => member.flags & ts.TypeFlags.Object)) {
    return type.types.map((member) => `{ ${fieldsOf(member, checker)} }`).join(' or ');
  }
  const fields = checker.getPropertiesOfType(type);
  if (fields.length === 0 || checker.isArrayType(type)) return `\`${typeText(type, checker)}\``;
  return fields.map((field) => {
    const optional = (field.flags & ts.SymbolFlags.Optional) !== 0;
    const fieldType = checker.getTypeOfSymbol(field);
    return `\`${field.name}${optional ? '?' : ''}: ${typeText(optional ? checker.getNonNullableType(fieldType) : fieldType, checker)}\``;
  }).join(', ');
}

/** The answer's type, linked to the file that declares it. */
function typeLink(type: ts.Type, checker: ts.TypeChecker): string {
  const declaration = (type.aliasSymbol ?? type.getSymbol())?.declarations?.[0];
  const text = `\`${typeText(type, checker)}\``;
  const file = declaration?.getSourceFile().fileName;
  return file && !file.includes('/node_modules/') && !(type.getSymbol()?.name === '__type') ? `[${text}](${link(file)})` : text;
}

const typeText = (type: ts.Type, checker: ts.TypeChecker) =>
  checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope);

/** A symbol's doc comment on one line. */
const docOf = (symbol: ts.Symbol, checker: ts.TypeChecker) =>
  ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim();

/** A repository file's path as docs/routes.md links it. */
const link = (file: string) => relative(dirname(ROUTE_LIST_FILE), file).split('\\').join('/');

/** Text safe in a Markdown table cell. */
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\n/g, ' ');
