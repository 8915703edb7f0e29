/**
 * The rules interpreter the rules tests rely on: if it said yes too easily, those tests
 * would prove nothing. Known answers from the Security Rules documentation.
 */
import { allows, evaluateExpression, parseExpression, parseRules, RulesError } from './securityRules';

const ruleset = (body: string) => parseRules(`rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`);
const at = (path: string) => `/databases/(default)/documents${path}`;

describe('strings', () => {
  it('a backslash in a rules string must be doubled; \\. alone does not compile', () => {
    expect(evaluateExpression("'a\\\\.b'")).toBe('a\\.b');
    expect(evaluateExpression("'it\\'s'")).toBe("it's");
    expect(() => parseExpression("'a\\.b'")).toThrow(SyntaxError);
    expect(() => parseExpression("'\\x{A0}'")).toThrow(SyntaxError);
  });

  it('matches() is RE2 on the whole string', () => {
    expect(evaluateExpression("'abc'.matches('b')")).toBe(false);
    expect(evaluateExpression("'abc'.matches('a.c')")).toBe(true);
    expect(evaluateExpression("'a.c'.matches('a\\\\.c')")).toBe(true);
    expect(evaluateExpression("'abc'.matches('a\\\\.c')")).toBe(false);
    // RE2's \s has no no-break space.
    expect(evaluateExpression("s.matches('\\\\s')", { s: '\u00a0' })).toBe(false);
    expect(() => evaluateExpression("'a'.matches('(?=a)')")).toThrow(RulesError);
  });

  it('size() counts characters', () => {
    expect(evaluateExpression("'abc'.size()")).toBe(3n);
    expect(evaluateExpression('s.size()', { s: 'Zoë😀' })).toBe(4n);
  });
});

describe('types and operators', () => {
  it('whole numbers are int, others float', () => {
    expect(evaluateExpression('x is int', { x: 5 })).toBe(true);
    expect(evaluateExpression('x is int', { x: 5.5 })).toBe(false);
    expect(evaluateExpression('x is float', { x: 5.5 })).toBe(true);
    expect(evaluateExpression('x is string', { x: '5' })).toBe(true);
    expect(evaluateExpression('x is string', { x: 5 })).toBe(false);
  });

  it('&& and ||: the side that decides wins, otherwise an error stays an error', () => {
    expect(evaluateExpression('false && m.missing', { m: {} })).toBe(false);
    expect(evaluateExpression('m.missing && false', { m: {} })).toBe(false);
    expect(evaluateExpression('true || m.missing', { m: {} })).toBe(true);
    expect(() => evaluateExpression('true && m.missing', { m: {} })).toThrow(RulesError);
    expect(() => evaluateExpression('m.missing || false', { m: {} })).toThrow(RulesError);
    expect(() => evaluateExpression("'a' && true")).toThrow(RulesError);
  });

  it('lists and maps', () => {
    const data = { a: '1', b: '2' };
    expect(evaluateExpression("d.keys().hasOnly(['a', 'b', 'c'])", { d: data })).toBe(true);
    expect(evaluateExpression("d.keys().hasOnly(['a'])", { d: data })).toBe(false);
    expect(evaluateExpression("d.keys().hasAll(['a', 'b'])", { d: data })).toBe(true);
    expect(evaluateExpression("d.keys().hasAll(['a', 'c'])", { d: data })).toBe(false);
    expect(evaluateExpression("d['b'] in ['2', '3']", { d: data })).toBe(true);
    expect(evaluateExpression("d.b in ['3']", { d: data })).toBe(false);
    expect(() => evaluateExpression('d.c', { d: data })).toThrow(RulesError);
  });

  it('precedence: ! over comparisons over && over ||', () => {
    expect(evaluateExpression('1 + 2 * 3 == 7 && !false || false')).toBe(true);
    expect(evaluateExpression('false && false || true')).toBe(true);
    expect(evaluateExpression('false && (false || true)')).toBe(false);
  });
});

describe('requests', () => {
  const rules = ruleset(`
    function isShort(value) {
      return value.size() < 4;
    }
    match /posts/{postId} {
      allow create: if isShort(postId) && request.resource.data.title is string;
      allow read: if true;
    }
    match /{document=**} {
      allow read, write: if false;
    }`);

  it('allows a request when a matching allow with its method is true', () => {
    expect(allows(rules, { path: at('/posts/abc'), method: 'create', request: { resource: { data: { title: 't' } } } })).toBe(true);
    expect(allows(rules, { path: at('/posts/abc'), method: 'get' })).toBe(true);
    expect(allows(rules, { path: at('/posts/abc'), method: 'list' })).toBe(true);
  });

  it('refuses when the condition is false, is an error, or no allow names the method', () => {
    expect(allows(rules, { path: at('/posts/abcd'), method: 'create', request: { resource: { data: { title: 't' } } } })).toBe(false);
    expect(allows(rules, { path: at('/posts/abc'), method: 'create', request: { resource: { data: {} } } })).toBe(false);
    expect(allows(rules, { path: at('/posts/abc'), method: 'update', request: { resource: { data: { title: 't' } } } })).toBe(false);
    expect(allows(rules, { path: at('/posts/abc'), method: 'delete' })).toBe(false);
  });

  it('a match applies to its whole path only; {name=**} takes the rest', () => {
    const trace: string[] = [];
    expect(allows(rules, { path: at('/posts/abc/comments/x'), method: 'get' }, trace)).toBe(false);
    expect(trace).toEqual(['/{document=**} allow read, write: false']);
    expect(allows(rules, { path: at('/other/abc'), method: 'get' })).toBe(false);
  });

  it('refuses files it cannot read as the real compiler would', () => {
    expect(() => parseRules("rules_version = '2';\nservice s { match /a { allow read: if true } }")).toThrow(SyntaxError);
    expect(() => parseRules("rules_version = '2';\nservice s { match /a { allow read: if 'x\\.y' == 'x'; } }")).toThrow(SyntaxError);
  });
});
