// @ts-check

/**
 * `keys/no-key-literals`: a string or template literal that starts like a stored key (an upper-case
 * prefix and '#': `'POST#'`, `` `USER#${id}` ``), or a regular expression that parses one
 * (`/^USER#/`), is an error outside functions/data/keys.ts. Stored
 * keys are data: a second place that spells one drifts from the first (two writers of one counter,
 * a prefix declared twice), and moving items to another partition must be a change to one module.
 */
const KEY_LITERAL = /^[A-Z][A-Z0-9_]*#/;
/** A regular expression that parses a key (`/^USER#/`): the key's text spelled once more. */
const KEY_PATTERN = /^\^?\(?([A-Z][A-Z0-9_]*#)/;

/** @type {import('eslint').Rule.RuleModule} */
const noKeyLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Table keys are built only in functions/data/keys.ts' },
    schema: [],
    messages: {
      keyLiteral: "'{{prefix}}' looks like a stored key: build it with functions/data/keys.ts (add a builder there if none fits).",
    },
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const check = (node, text) => {
      const match = KEY_LITERAL.exec(text);
      if (match) context.report({ node, messageId: 'keyLiteral', data: { prefix: match[0] } });
    };
    /** @param {any} node a TemplateLiteral or TSTemplateLiteralType */
    const checkTemplate = (node) => {
      const head = node.quasis[0];
      if (head) check(node, head.value.cooked ?? head.value.raw);
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
        const pattern = /** @type {any} */ (node).regex?.pattern;
        const match = typeof pattern === 'string' ? KEY_PATTERN.exec(pattern) : null;
        if (match) context.report({ node, messageId: 'keyLiteral', data: { prefix: match[1] } });
      },
      TemplateLiteral: checkTemplate,
      // A template literal type (`USER#${string}`) is TypeScript's own node with the same quasis.
      TSTemplateLiteralType: checkTemplate,
    };
  },
};

export default { rules: { 'no-key-literals': noKeyLiterals } };
