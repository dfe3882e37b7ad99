// The product's words, as a user reads them: every string and piece of JSX text of the product is
// checked. `us-english`: no British spellings ("colour", "cancelled", "prioritise", "catalogue",
// "storey"). `claim-file`: one name per thing, the product keeps a "claim file" (routes and code
// still say project). Code is not checked: names, comments, a whole string that is a lower-case
// token with no space ('cancelled' as a stored status value), paths inside templates, SQL (tagged
// templates), and the words of internal faults and logs (`new Error(...)`, `logger.warn(...)`).

/** British spelling (a pattern over a whole word, case-insensitive) and its US spelling. */
const SPELLINGS = [
  [/^(colo)ur(s|ed|ing|ful)?$/i, 'color'],
  [/^(behavio|favo|hono|labo|neighbo|flavo|harbo|humo|rumo|savo|endeavo|odo|armo|vapo)ur(s|ed|ing|ite|ites|hood|able)?$/i, '…or'],
  [
    /^[a-z]*(organi|recogni|authori|summari|customi|minimi|maximi|optimi|categori|apologi|reali|utili|finali|initiali|normali|capitali|saniti|visuali|synchroni|personali|standardi|memori|emphasi|digiti|legali|stabili|prioriti)s(e|ed|es|ing|ation|ations|er|ers)$/i,
    '…ize',
  ],
  [/^analys(e|ed|ing)$/i, 'analyze'],
  [/^catalogue(s|d)?$/i, 'catalog'],
  [/^licence(s|d)?$/i, 'license'],
  [/^(defen|offen)ce(s)?$/i, 'defense / offense'],
  [/^(cent|met|lit|fib|theat)re(s)?$/i, '…er'],
  [
    /^(cancel|travel|model|label|signal|level|fuel|counsel|marshal|dial|total|channel|tunnel|funnel|shovel|pedal|jewel)l(ed|ing|er|ers)$/i,
    'one l (canceled, labeled)',
  ],
  [/^storeys?$/i, 'story / stories'],
  [/^grey(s|ed|ing|ish)?$/i, 'gray'],
  [
    /^(tyre|kerb|cheque|programme|judgement|fulfilment|instalment|ageing|aluminium|whilst|amongst|practise|practised|sceptic|sceptical|manoeuvre|mould|moulds|mouldy|plough|draught|enrolment|jewellery|pyjamas)$/i,
    'the US spelling',
  ],
  [/^(enrol|fulfil|instal|distil)$/i, 'enroll, fulfill, install, distill'],
];

/** A machine token, not words: lower case, digits, _ - . / : * and no space ('cancelled', 'service_cancelled'), or a path ('/api/projects/:projectId'). */
const TOKEN = /^([a-z0-9_\-./:*]+|\/\S*)$/;
/** A piece of a template with no space: a path or a key around its values (`/projects/${id}`). */
const PATH_PIECE = /^[^\s]*$/;
const LOG_OBJECTS = new Set(['console', 'logger', 'log']);

/** Whether a string node is code rather than words a user reads. */
function isCode(node) {
  const parent = node.parent;
  if (!parent) return false;
  if (['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].includes(parent.type)) return true;
  // A template element's parent is its template literal; the literal's parent says what it is.
  const holder = node.type === 'TemplateElement' ? parent.parent : parent;
  const literal = node.type === 'TemplateElement' ? parent : node;
  if (holder?.type === 'TaggedTemplateExpression') return true;
  if (holder?.type === 'NewExpression' && holder.arguments.includes(literal) && holder.callee.type === 'Identifier' && /Error$/.test(holder.callee.name))
    return true;
  if (holder?.type === 'CallExpression' && holder.arguments.includes(literal)) {
    const callee = holder.callee;
    if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && LOG_OBJECTS.has(callee.object.name)) return true;
    if (callee.type === 'Identifier' && LOG_OBJECTS.has(callee.name)) return true;
  }
  return false;
}

/** Helpers that put a count before a word: their word arguments are words even with no space ('project', 'projects'). */
const COUNT_WORDS = /^(plural|countOf|pluralize)$/;

/** The words of a string node to check, or null when it is code. */
function wordsOf(node) {
  if (isCode(node)) return null;
  if (node.type === 'Literal') {
    if (typeof node.value !== 'string') return null;
    const counted = node.parent?.type === 'CallExpression' && node.parent.callee.type === 'Identifier' && COUNT_WORDS.test(node.parent.callee.name);
    return counted || !TOKEN.test(node.value.trim()) ? node.value : null;
  }
  if (node.type === 'TemplateElement') {
    const text = node.value.cooked ?? node.value.raw;
    const alone = node.parent.expressions.length === 0;
    if (alone ? TOKEN.test(text.trim()) : PATH_PIECE.test(text)) return null;
    return text;
  }
  return node.value;
}

/** A rule that reports each word of the product's text `find` returns something for. */
function wordRule({ description, message, find }) {
  return {
    meta: { type: 'suggestion', docs: { description }, schema: [], messages: { word: message } },
    create(context) {
      const check = (node) => {
        const text = wordsOf(node);
        if (text === null) return;
        for (const word of text.split(/[^A-Za-z]+/)) {
          const data = word ? find(word) : null;
          if (data) context.report({ node, messageId: 'word', data: { word, ...data } });
        }
      };
      return { Literal: check, TemplateElement: check, JSXText: check };
    },
  };
}

const usEnglish = wordRule({
  description: 'The words a user reads are written in US English.',
  message: '"{{word}}" is British English; the product writes {{us}}.',
  find(word) {
    const match = SPELLINGS.find(([pattern]) => pattern.test(word));
    return match ? { us: match[1] } : null;
  },
});

const claimFile = wordRule({
  description: 'A user reads "claim file", never "project".',
  message: '"{{word}}": the product calls it a claim file.',
  find: (word) => (/^projects?$/i.test(word) ? {} : null),
});

export default { rules: { 'us-english': usEnglish, 'claim-file': claimFile } };
