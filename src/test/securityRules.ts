/**
 * For tests: a small interpreter of the part of the Firebase Security Rules language that
 * src/deploy/firebaseRules.ts writes, so tests can ask the generated rules what they allow
 * (the Firebase emulator needs a download this machine cannot make).
 *
 * What it reads: `rules_version`, one `service`, nested `match` blocks with literal segments,
 * {name} and {name=**} wildcards, `allow <methods>[: if <condition>];`, and functions
 * (`let` and `return`). Conditions: string, int, float, bool, null and list literals; names,
 * `.field`, `[index]`, calls; ! and unary -, * / % + -, < <= > >= == != in, `is <type>`,
 * && and ||. Strings: size() and matches() (RE2, whole string, through re2js, the RE2 port
 * the Firestore SDK itself ships); lists: size(), hasAll(), hasAny(), hasOnly(), toSet(); sets
 * (a list's distinct values): size(), hasAll(), hasAny(), hasOnly(); maps: keys(), size(), get().
 *
 * Where it follows the documented semantics: a request is allowed when any `allow` whose
 * match path is the whole path, and whose methods include the request's (read = get + list,
 * write = create + update + delete), has a true condition; an error (a missing key, a wrong
 * type) makes that condition false, except that && and || let the other side decide when it
 * can (false && error is false, true || error is true). Whole numbers are int, other numbers
 * float, as the Firestore SDK stores a JavaScript number. String literals accept only the
 * escapes \\ \' \" \n \r \t: anything else is a syntax error, as in the real rules compiler.
 */
import { RE2JS } from 're2js';

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

class RulesMap {
  constructor(readonly entries: ReadonlyMap<string, Value>) {}
}
/** A set (List.toSet()): its values, each once. */
class RulesSet {
  readonly items: readonly Value[];
  constructor(values: readonly Value[]) {
    this.items = values.filter((x, i) => values.findIndex((y) => equal(x, y)) === i);
  }
}
export type Value = string | bigint | number | boolean | null | Value[] | RulesMap | RulesSet;

/** A JavaScript value as Firestore stores it: safe whole numbers become int, other numbers float. */
function toValue(js: unknown): Value {
  if (js === null || typeof js === 'string' || typeof js === 'boolean') return js;
  if (typeof js === 'number') return Number.isSafeInteger(js) && !Object.is(js, -0) ? BigInt(js) : js;
  if (typeof js === 'bigint') return js;
  if (Array.isArray(js)) return js.map(toValue);
  if (typeof js === 'object') return new RulesMap(new Map(Object.entries(js as Record<string, unknown>).map(([k, v]) => [k, toValue(v)])));
  throw new TypeError(`No rules value for ${typeof js}`);
}

/* ------------------------------------------------------------------ lexer */

type Token = { kind: 'name' | 'string' | 'int' | 'float' | 'punct' | 'end'; text: string; value?: string; at: number };

const PUNCT = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '[', ']', '{', '}', ',', '.', ';', ':', '=', '/', '+', '-', '*', '%'];
const ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', r: '\r', t: '\t' };

class Lexer {
  private at = 0;
  private peeked: Token | undefined;

  constructor(private readonly source: string) {}

  fail(message: string, at = this.at): never {
    const line = this.source.slice(0, at).split('\n').length;
    throw new SyntaxError(`${message} (line ${line})`);
  }

  private skipSpace(): void {
    for (;;) {
      const rest = this.source.slice(this.at);
      const space = /^(\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
      if (!space) return;
      this.at += space[0].length;
    }
  }

  peek(): Token {
    this.peeked ??= this.read();
    return this.peeked;
  }

  next(): Token {
    const token = this.peek();
    this.peeked = undefined;
    return token;
  }

  expect(text: string): Token {
    const token = this.next();
    if (token.text !== text) this.fail(`Expected ${text} but found ${token.text || 'the end'}`, token.at);
    return token;
  }

  accept(text: string): boolean {
    if (this.peek().text !== text || this.peek().kind === 'string') return false;
    this.next();
    return true;
  }

  /** A match path: everything up to the next space (read from the source, not as tokens). */
  path(): string {
    if (this.peeked) this.fail('A path cannot follow a peeked token');
    this.skipSpace();
    const path = /^\S+/.exec(this.source.slice(this.at))?.[0] ?? '';
    this.at += path.length;
    return path;
  }

  private read(): Token {
    this.skipSpace();
    const at = this.at;
    const rest = this.source.slice(at);
    if (rest === '') return { kind: 'end', text: '', at };
    const quote = rest[0];
    if (quote === "'" || quote === '"') {
      let value = '';
      let i = 1;
      for (;;) {
        const char = rest[i];
        if (char === undefined || char === '\n') this.fail('Unterminated string', at);
        if (char === quote) break;
        if (char === '\\') {
          const escaped = ESCAPES[rest[i + 1] ?? ''];
          if (escaped === undefined) this.fail(`Unknown escape \\${rest[i + 1] ?? ''} in a string`, at + i);
          value += escaped;
          i += 2;
          continue;
        }
        value += char;
        i++;
      }
      this.at += i + 1;
      return { kind: 'string', text: rest.slice(0, i + 1), value, at };
    }
    const number = /^\d+(\.\d+)?/.exec(rest);
    if (number) {
      this.at += number[0].length;
      return { kind: number[1] ? 'float' : 'int', text: number[0], at };
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      this.at += name[0].length;
      return { kind: 'name', text: name[0], at };
    }
    const punct = PUNCT.find((p) => rest.startsWith(p));
    if (!punct) this.fail(`Unexpected character ${JSON.stringify(rest[0])}`, at);
    this.at += punct.length;
    return { kind: 'punct', text: punct, at };
  }
}

/* ----------------------------------------------------------------- parser */

export type Expr =
  | { type: 'literal'; value: Value }
  | { type: 'list'; items: Expr[] }
  | { type: 'name'; name: string }
  | { type: 'member'; object: Expr; name: string }
  | { type: 'index'; object: Expr; index: Expr }
  | { type: 'call'; callee: Expr; args: Expr[] }
  | { type: 'unary'; op: string; operand: Expr }
  | { type: 'binary'; op: string; left: Expr; right: Expr }
  | { type: 'is'; operand: Expr; kind: string };

interface Allow {
  methods: string[];
  condition: Expr;
  /** The condition as written. */
  text: string;
}
interface FunctionDef {
  params: string[];
  lets: [string, Expr][];
  body: Expr;
}
export interface Block {
  /** The match path of this block ('' for the service). */
  path: string;
  allows: Allow[];
  functions: Map<string, FunctionDef>;
  matches: Block[];
}
export interface Ruleset {
  version: string;
  service: string;
  root: Block;
}

class Parser {
  constructor(
    private readonly lexer: Lexer,
    private readonly source: string,
  ) {}

  file(): Ruleset {
    this.lexer.expect('rules_version');
    this.lexer.expect('=');
    const version = this.lexer.next();
    if (version.kind !== 'string') this.lexer.fail('rules_version needs a string', version.at);
    this.lexer.expect(';');
    this.lexer.expect('service');
    let service = this.lexer.next().text;
    while (this.lexer.accept('.')) service += `.${this.lexer.next().text}`;
    this.lexer.expect('{');
    const root = this.body('');
    this.lexer.expect('}');
    const end = this.lexer.next();
    if (end.kind !== 'end') this.lexer.fail(`Unexpected ${end.text} after the service`, end.at);
    return { version: version.value!, service, root };
  }

  private body(path: string): Block {
    const block: Block = { path, allows: [], functions: new Map(), matches: [] };
    for (;;) {
      const token = this.lexer.peek();
      if (token.text === '}' || token.kind === 'end') return block;
      this.lexer.next();
      if (token.text === 'match') {
        const matchPath = this.lexer.path();
        if (!matchPath.startsWith('/')) this.lexer.fail(`A match path starts with /: ${matchPath}`, token.at);
        this.lexer.expect('{');
        block.matches.push(this.body(matchPath));
        this.lexer.expect('}');
      } else if (token.text === 'allow') {
        const methods = [this.lexer.next().text];
        while (this.lexer.accept(',')) methods.push(this.lexer.next().text);
        let condition: Expr = { type: 'literal', value: true };
        let text = 'true';
        if (this.lexer.accept(':')) {
          this.lexer.expect('if');
          const start = this.lexer.peek().at;
          condition = this.expression();
          text = this.source.slice(start, this.lexer.peek().at).trim();
        }
        this.lexer.expect(';');
        block.allows.push({ methods, condition, text });
      } else if (token.text === 'function') {
        const name = this.lexer.next().text;
        this.lexer.expect('(');
        const params: string[] = [];
        if (!this.lexer.accept(')')) {
          do params.push(this.lexer.next().text);
          while (this.lexer.accept(','));
          this.lexer.expect(')');
        }
        this.lexer.expect('{');
        const lets: [string, Expr][] = [];
        while (this.lexer.accept('let')) {
          const letName = this.lexer.next().text;
          this.lexer.expect('=');
          lets.push([letName, this.expression()]);
          this.lexer.expect(';');
        }
        this.lexer.expect('return');
        const body = this.expression();
        this.lexer.expect(';');
        this.lexer.expect('}');
        block.functions.set(name, { params, lets, body });
      } else {
        this.lexer.fail(`Unexpected ${token.text}`, token.at);
      }
    }
  }

  expression(): Expr {
    return this.or();
  }

  private or(): Expr {
    let left = this.and();
    while (this.lexer.accept('||')) left = { type: 'binary', op: '||', left, right: this.and() };
    return left;
  }

  private and(): Expr {
    let left = this.relation();
    while (this.lexer.accept('&&')) left = { type: 'binary', op: '&&', left, right: this.relation() };
    return left;
  }

  private relation(): Expr {
    const left = this.additive();
    const token = this.lexer.peek();
    if (token.kind === 'name' && token.text === 'is') {
      this.lexer.next();
      return { type: 'is', operand: left, kind: this.lexer.next().text };
    }
    if (['==', '!=', '<', '<=', '>', '>='].includes(token.text) || (token.kind === 'name' && token.text === 'in')) {
      this.lexer.next();
      return { type: 'binary', op: token.text, left, right: this.additive() };
    }
    return left;
  }

  private additive(): Expr {
    let left = this.multiplicative();
    for (;;) {
      const op = this.lexer.peek().text;
      if (op !== '+' && op !== '-') return left;
      this.lexer.next();
      left = { type: 'binary', op, left, right: this.multiplicative() };
    }
  }

  private multiplicative(): Expr {
    let left = this.unary();
    for (;;) {
      const op = this.lexer.peek().text;
      if (op !== '*' && op !== '/' && op !== '%') return left;
      this.lexer.next();
      left = { type: 'binary', op, left, right: this.unary() };
    }
  }

  private unary(): Expr {
    const op = this.lexer.peek().text;
    if (op === '!' || op === '-') {
      this.lexer.next();
      return { type: 'unary', op, operand: this.unary() };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      if (this.lexer.accept('.')) expr = { type: 'member', object: expr, name: this.lexer.next().text };
      else if (this.lexer.accept('[')) {
        expr = { type: 'index', object: expr, index: this.expression() };
        this.lexer.expect(']');
      } else if (this.lexer.accept('(')) expr = { type: 'call', callee: expr, args: this.items(')') };
      else return expr;
    }
  }

  private items(close: string): Expr[] {
    const items: Expr[] = [];
    if (this.lexer.accept(close)) return items;
    do items.push(this.expression());
    while (this.lexer.accept(','));
    this.lexer.expect(close);
    return items;
  }

  private primary(): Expr {
    const token = this.lexer.next();
    if (token.kind === 'string') return { type: 'literal', value: token.value! };
    if (token.kind === 'int') return { type: 'literal', value: BigInt(token.text) };
    if (token.kind === 'float') return { type: 'literal', value: Number(token.text) };
    if (token.kind === 'name') {
      if (token.text === 'true') return { type: 'literal', value: true };
      if (token.text === 'false') return { type: 'literal', value: false };
      if (token.text === 'null') return { type: 'literal', value: null };
      return { type: 'name', name: token.text };
    }
    if (token.text === '(') {
      const inner = this.expression();
      this.lexer.expect(')');
      return inner;
    }
    if (token.text === '[') return { type: 'list', items: this.items(']') };
    return this.lexer.fail(`Unexpected ${token.text || 'end'} in a condition`, token.at);
  }
}

/** Parses a rules file (throws SyntaxError on what the real compiler would refuse, within this subset). */
export function parseRules(source: string): Ruleset {
  return new Parser(new Lexer(source), source).file();
}

/** Parses one condition, e.g. a list literal. */
export function parseExpression(source: string): Expr {
  const lexer = new Lexer(source);
  const expr = new Parser(lexer, source).expression();
  if (lexer.peek().kind !== 'end') lexer.fail(`Unexpected ${lexer.peek().text}`);
  return expr;
}

/* -------------------------------------------------------------- evaluator */

class RulesError extends Error {}

interface Scope {
  vars: Map<string, Value>;
  functions: Map<string, FunctionDef>;
  parent?: Scope;
}

function lookup<T>(scope: Scope | undefined, pick: (s: Scope) => T | undefined): T | undefined {
  for (let s = scope; s; s = s.parent) {
    const found = pick(s);
    if (found !== undefined) return found;
  }
  return undefined;
}

const typeOf = (v: Value): string =>
  v === null
    ? 'null'
    : typeof v === 'string'
      ? 'string'
      : typeof v === 'bigint'
        ? 'int'
        : typeof v === 'number'
          ? 'float'
          : typeof v === 'boolean'
            ? 'bool'
            : Array.isArray(v)
              ? 'list'
              : v instanceof RulesSet
                ? 'set'
                : 'map';

function isNumber(v: Value): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

function equal(a: Value, b: Value): boolean {
  if (isNumber(a) && isNumber(b)) return typeof a === typeof b ? a === b : Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]!));
  if (a instanceof RulesMap && b instanceof RulesMap) {
    return a.entries.size === b.entries.size && [...a.entries].every(([k, v]) => b.entries.has(k) && equal(v, b.entries.get(k)!));
  }
  return a === b;
}

function compare(a: Value, b: Value): number {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    return Number(a) - Number(b);
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new RulesError(`Cannot compare ${typeOf(a)} with ${typeOf(b)}`);
}

function bool(v: Value): boolean {
  if (typeof v !== 'boolean') throw new RulesError(`Expected a bool, got ${typeOf(v)}`);
  return v;
}

const regexCache = new Map<string, RE2JS>();
function fullMatchRe2(pattern: string, text: string): boolean {
  let compiled = regexCache.get(pattern);
  if (!compiled) {
    try {
      compiled = RE2JS.compile(pattern);
    } catch (error) {
      throw new RulesError(`Invalid regular expression ${pattern}: ${String(error)}`);
    }
    regexCache.set(pattern, compiled);
  }
  return compiled.matches(text);
}

function method(target: Value, name: string, args: Value[]): Value {
  const list = (i: number) => {
    const arg = args[i];
    if (!Array.isArray(arg)) throw new RulesError(`${name}() needs a list`);
    return arg;
  };
  if (typeof target === 'string') {
    if (name === 'size' && args.length === 0) return BigInt([...target].length);
    if (name === 'matches' && args.length === 1 && typeof args[0] === 'string') return fullMatchRe2(args[0], target);
  }
  if (Array.isArray(target) || target instanceof RulesSet) {
    const items = Array.isArray(target) ? target : target.items;
    const has = (x: Value) => items.some((y) => equal(x, y));
    if (name === 'size' && args.length === 0) return BigInt(items.length);
    if (name === 'hasAll' && args.length === 1) return list(0).every(has);
    if (name === 'hasAny' && args.length === 1) return list(0).some(has);
    if (name === 'hasOnly' && args.length === 1) return items.every((x) => list(0).some((y) => equal(x, y)));
    if (name === 'toSet' && args.length === 0 && Array.isArray(target)) return new RulesSet(target);
  }
  if (target instanceof RulesMap) {
    if (name === 'keys' && args.length === 0) return [...target.entries.keys()];
    if (name === 'size' && args.length === 0) return BigInt(target.entries.size);
    if (name === 'get' && args.length === 2 && typeof args[0] === 'string') return target.entries.get(args[0]) ?? args[1]!;
  }
  throw new RulesError(`${typeOf(target)} has no method ${name}/${args.length}`);
}

function evaluate(expr: Expr, scope: Scope): Value {
  switch (expr.type) {
    case 'literal':
      return expr.value;
    case 'list':
      return expr.items.map((item) => evaluate(item, scope));
    case 'name': {
      const value = lookup(scope, (s) => s.vars.get(expr.name));
      if (value === undefined) throw new RulesError(`Unknown name ${expr.name}`);
      return value;
    }
    case 'member':
    case 'index': {
      const object = evaluate(expr.object, scope);
      const key = expr.type === 'member' ? expr.name : evaluate(expr.index, scope);
      if (object instanceof RulesMap && typeof key === 'string') {
        if (!object.entries.has(key)) throw new RulesError(`No key ${key}`);
        return object.entries.get(key)!;
      }
      if (Array.isArray(object) && typeof key === 'bigint') {
        const item = object[Number(key)];
        if (item === undefined) throw new RulesError(`No item ${key}`);
        return item;
      }
      throw new RulesError(`Cannot read ${String(key)} of ${typeOf(object)}`);
    }
    case 'call': {
      if (expr.callee.type === 'member') {
        const target = evaluate(expr.callee.object, scope);
        return method(
          target,
          expr.callee.name,
          expr.args.map((a) => evaluate(a, scope)),
        );
      }
      if (expr.callee.type !== 'name') throw new RulesError('Only named functions and methods can be called');
      const name = expr.callee.name;
      const found = lookup(scope, (s) => (s.functions.has(name) ? s : undefined));
      const fn = found?.functions.get(name);
      if (!found || !fn) throw new RulesError(`Unknown function ${name}`);
      if (fn.params.length !== expr.args.length) throw new RulesError(`${name} takes ${fn.params.length} arguments`);
      const inner: Scope = { vars: new Map(), functions: new Map(), parent: found };
      fn.params.forEach((param, i) => inner.vars.set(param, evaluate(expr.args[i]!, scope)));
      for (const [letName, letExpr] of fn.lets) inner.vars.set(letName, evaluate(letExpr, inner));
      return evaluate(fn.body, inner);
    }
    case 'unary': {
      const value = evaluate(expr.operand, scope);
      if (expr.op === '!') return !bool(value);
      if (typeof value === 'bigint') return -value;
      if (typeof value === 'number') return -value;
      throw new RulesError(`Cannot negate ${typeOf(value)}`);
    }
    case 'is': {
      const kind = typeOf(evaluate(expr.operand, scope));
      return expr.kind === kind || (expr.kind === 'number' && (kind === 'int' || kind === 'float'));
    }
    case 'binary':
      return binary(expr, scope);
  }
}

function binary(expr: Extract<Expr, { type: 'binary' }>, scope: Scope): Value {
  if (expr.op === '&&' || expr.op === '||') {
    // The side that decides wins, even over an error on the other side.
    const decides = expr.op === '||';
    let leftError: unknown;
    try {
      if (bool(evaluate(expr.left, scope)) === decides) return decides;
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      leftError = error;
    }
    const right = bool(evaluate(expr.right, scope));
    if (right === decides) return decides;
    if (leftError) throw leftError;
    return !decides;
  }
  const left = evaluate(expr.left, scope);
  const right = evaluate(expr.right, scope);
  switch (expr.op) {
    case '==':
      return equal(left, right);
    case '!=':
      return !equal(left, right);
    case '<':
      return compare(left, right) < 0;
    case '<=':
      return compare(left, right) <= 0;
    case '>':
      return compare(left, right) > 0;
    case '>=':
      return compare(left, right) >= 0;
    case 'in':
      if (Array.isArray(right)) return right.some((x) => equal(left, x));
      if (right instanceof RulesMap && typeof left === 'string') return right.entries.has(left);
      throw new RulesError(`Cannot look in ${typeOf(right)}`);
    case '+':
      if (typeof left === 'string' && typeof right === 'string') return left + right;
      if (typeof left === 'bigint' && typeof right === 'bigint') return left + right;
      if (isNumber(left) && isNumber(right)) return Number(left) + Number(right);
      throw new RulesError(`Cannot add ${typeOf(left)} and ${typeOf(right)}`);
    default:
      if (typeof left === 'bigint' && typeof right === 'bigint') {
        if (expr.op === '-') return left - right;
        if (expr.op === '*') return left * right;
        if (right === 0n) throw new RulesError('Division by zero');
        return expr.op === '/' ? left / right : left % right;
      }
      if (isNumber(left) && isNumber(right)) {
        const [a, b] = [Number(left), Number(right)];
        return expr.op === '-' ? a - b : expr.op === '*' ? a * b : expr.op === '/' ? a / b : a % b;
      }
      throw new RulesError(`Cannot apply ${expr.op} to ${typeOf(left)} and ${typeOf(right)}`);
  }
}

/* ---------------------------------------------------------------- requests */

type Segment = { literal: string } | { variable: string; rest: boolean };

function segments(path: string): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((part) => {
      const wildcard = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}$/.exec(part);
      if (wildcard) return { variable: wildcard[1]!, rest: wildcard[2] !== undefined };
      if (!/^[A-Za-z0-9_-]+$/.test(part)) throw new SyntaxError(`Bad path segment ${JSON.stringify(part)} in ${path}`);
      return { literal: part };
    });
}

/** The path items left after `pattern` matches the start of `items`, with the variables bound, or null. */
function matchPrefix(pattern: Segment[], items: string[]): { rest: string[]; vars: Map<string, Value> } | null {
  const vars = new Map<string, Value>();
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!;
    if ('variable' in segment && segment.rest) {
      if (i !== pattern.length - 1) throw new SyntaxError('{name=**} must be the last segment');
      vars.set(segment.variable, items.slice(i).join('/'));
      return { rest: [], vars };
    }
    const item = items[i];
    if (item === undefined) return null;
    if ('literal' in segment) {
      if (segment.literal !== item) return null;
    } else vars.set(segment.variable, item);
  }
  return { rest: items.slice(pattern.length), vars };
}

const methodsOf: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

export interface Request {
  /** The full path, e.g. /databases/(default)/documents/Inquriy/<id> or /b/<bucket>/o/Image/CvDeveloper/<id>. */
  path: string;
  method: Method;
  /** The `request` object, as JavaScript values (e.g. { resource: { data: {...} } }). */
  request?: Record<string, unknown>;
  /** The stored resource, if any. */
  resource?: Record<string, unknown> | null;
}

/** Whether the ruleset allows the request; `trace` lists each applicable allow and its outcome. */
export function allows(rules: Ruleset, req: Request, trace: string[] = []): boolean {
  const items = req.path.split('/').slice(1);
  const globals: Scope = {
    vars: new Map<string, Value>([
      ['request', toValue({ method: req.method, path: req.path, ...req.request })],
      ['resource', toValue(req.resource ?? null)],
    ]),
    functions: rules.root.functions,
  };
  let allowed = false;
  const visit = (block: Block, rest: string[], scope: Scope) => {
    for (const child of block.matches) {
      const matched = matchPrefix(segments(child.path), rest);
      if (!matched) continue;
      const childScope: Scope = { vars: matched.vars, functions: child.functions, parent: scope };
      if (matched.rest.length === 0) {
        for (const allow of child.allows) {
          if (!allow.methods.some((m) => (methodsOf[m] ?? []).includes(req.method))) continue;
          let outcome: string;
          try {
            const value = bool(evaluate(allow.condition, childScope));
            outcome = String(value);
            allowed ||= value;
          } catch (error) {
            if (!(error instanceof RulesError)) throw error;
            outcome = `error: ${error.message}`;
          }
          trace.push(`${child.path} allow ${allow.methods.join(', ')}: ${outcome}`);
        }
      }
      visit(child, matched.rest, childScope);
    }
  };
  visit(rules.root, items, globals);
  return allowed;
}

/** Calls a function the ruleset defines at the service level or in `block` (a block directly inside it). */
export function callFunction(rules: Ruleset, block: Block, name: string, args: unknown[]): Value {
  const root: Scope = { vars: new Map(), functions: rules.root.functions };
  const scope: Scope = { vars: new Map(args.map((a, i) => [`arg${i}`, toValue(a)])), functions: block.functions, parent: root };
  const call: Expr = { type: 'call', callee: { type: 'name', name }, args: args.map((_a, i) => ({ type: 'name', name: `arg${i}` })) };
  return evaluate(call, scope);
}

/** Evaluates one condition with these variables (for tests of the interpreter itself). */
export function evaluateExpression(source: string, vars: Record<string, unknown> = {}): Value {
  const scope: Scope = { vars: new Map(Object.entries(vars).map(([k, v]) => [k, toValue(v)])), functions: new Map() };
  return evaluate(parseExpression(source), scope);
}

export { RulesError };
