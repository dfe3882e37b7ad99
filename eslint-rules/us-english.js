// The product's words are US English: every string and piece of JSX text a person may read is
// checked for British spellings ("colour", "cancelled", "prioritise", "catalogue", "storey"). Code
// (names, comments) is not checked, nor a whole string that is a lower-case token with no space
// ('cancelled' as a stored status value): the rule reads what a user reads.

/** British spelling (a pattern over a whole word, case-insensitive) and its US spelling. */
const SPELLINGS = [
  [/^(colo)ur(s|ed|ing|ful)?$/i, 'color'],
  [/^(behavio|favo|hono|labo|neighbo|flavo|harbo|humo|rumo|savo|endeavo|odo|armo|vapo)ur(s|ed|ing|ite|ites|hood|able)?$/i, '…or'],
  [/^[a-z]*(organi|recogni|authori|priori|summari|customi|minimi|maximi|optimi|categori|apologi|reali|utili|finali|initiali|normali|capitali|saniti|visuali|synchroni|personali|standardi|memori|emphasi|digiti|legali|stabili|prioriti)s(e|ed|es|ing|ation|ations|er|ers)$/i, '…ize'],
  [/^analys(e|ed|ing)$/i, 'analyze'],
  [/^catalogue(s|d)?$/i, 'catalog'],
  [/^licence(s|d)?$/i, 'license'],
  [/^(defen|offen)ce(s)?$/i, 'defense / offense'],
  [/^(cent|met|lit|fib|theat)re(s)?$/i, '…er'],
  [/^(cancel|travel|model|label|signal|level|fuel|counsel|marshal|dial|total|channel|tunnel|funnel|shovel|pedal|jewel)l(ed|ing|er|ers)$/i, 'one l (canceled, labeled)'],
  [/^storeys?$/i, 'story / stories'],
  [/^grey(s|ed|ing|ish)?$/i, 'gray'],
  [/^(tyre|kerb|cheque|programme|judgement|fulfilment|instalment|ageing|aluminium|whilst|amongst|practise|practised|sceptic|sceptical|manoeuvre|mould|moulds|mouldy|plough|draught|enrolment|jewellery|pyjamas)$/i, 'the US spelling'],
  [/^(enrol|fulfil|instal|distil)$/i, 'enroll, fulfill, install, distill'],
];

/** A machine token, not words: lower case, digits, _ - . / : and no space ('cancelled', 'service_cancelled'). */
const TOKEN = /^[a-z0-9_\-./:]+$/;

function britishWords(text, { wholeString }) {
  if (wholeString && TOKEN.test(text.trim())) return [];
  const found = [];
  for (const word of text.split(/[^A-Za-z]+/)) {
    if (!word) continue;
    const match = SPELLINGS.find(([pattern]) => pattern.test(word));
    if (match) found.push({ word, us: match[1] });
  }
  return found;
}

const rule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'The words a user reads are written in US English.' },
    schema: [],
    messages: { british: '"{{word}}" is British English; the product writes {{us}}.' },
  },
  create(context) {
    const check = (node, text, wholeString = true) => {
      for (const { word, us } of britishWords(text, { wholeString })) context.report({ node, messageId: 'british', data: { word, us } });
    };
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        // Module specifiers are paths, not words.
        if (node.parent?.type === 'ImportDeclaration' || node.parent?.type === 'ExportNamedDeclaration' || node.parent?.type === 'ExportAllDeclaration' || node.parent?.type === 'ImportExpression') return;
        check(node, node.value);
      },
      TemplateElement(node) {
        // A piece of a template with values in it is words around them, however short.
        check(node, node.value.cooked ?? node.value.raw, node.parent?.expressions?.length === 0);
      },
      JSXText(node) {
        check(node, node.value);
      },
    };
  },
};

export default { rules: { 'us-english': rule } };
