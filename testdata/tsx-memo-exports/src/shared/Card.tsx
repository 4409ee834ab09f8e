import { memo } from './memo';

// The inner component and the wrapper exported under its name: an import of
// Card is the wrapper, a value, so the inner Card has no caller among the
// pages; only memo(Card) refers to it (a value passed, which tsserver's call
// hierarchy does not list; grep offers it as a possible caller).
const Card = (props: { title: string }) => { // @def(innerCard, "Card")
  return props.title;
};

const Wrapped = memo(Card); // @module(cardModule) @site(memoCard, "Card") @possible(cardModule, innerCard, memoCard)
export { Wrapped as Card };

// Exported under its own name: imports of Plain are Plain.
export function Plain(props: { n: number }) { // @def(plain, "Plain")
  return props.n;
}

// Exported under another name only: imports of Pill are Badge, as tsserver
// lists them (a call, a JSX element, a namespace's member, through a barrel).
function Badge(props: { text: string }) { // @def(badge, "Badge")
  return props.text;
}

export { Badge as Pill };
