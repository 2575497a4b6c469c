import { options, type VNode } from 'preact';

/**
 * The app's tuning when it runs on Preact (decision 0025; vite.config.ts imports this only then).
 *
 * Preact hydrates without correcting the server's attributes, and its useId makes other ids than
 * React's, which rendered the HTML: a label made on the client would point at the server's id of
 * its field (the booking form's "Available Times" group would lose its name). So, as each element
 * is hydrated or updated, the attributes that name other elements are set to what this render
 * says where the page still has the server's.
 */
const ID_ATTRIBUTES: [prop: string, attribute: string][] = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-controls', 'aria-controls'],
  ['aria-errormessage', 'aria-errormessage'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-owns', 'aria-owns'],
  ['list', 'list'],
];

/** Preact's element of a vnode (`_dom`, `__e` once built: the name its devtools read too). */
type BuiltVNode = VNode<Record<string, unknown>> & { __e?: Node | null };

const diffed = options.diffed;
options.diffed = (vnode) => {
  const built = vnode as BuiltVNode;
  const dom = built.__e;
  if (typeof built.type === 'string' && dom instanceof Element) {
    const props = built.props;
    for (const [prop, attribute] of ID_ATTRIBUTES) {
      const wanted = props[prop];
      if (typeof wanted === 'string' && dom.getAttribute(attribute) !== wanted) dom.setAttribute(attribute, wanted);
    }
  }
  diffed?.(vnode);
};
