// Reads of fields named like the resolvers, off data whose type nobody
// declares: where the value is compared with a literal, ordered, an index, a
// computed key, formatted, rendered or defaulted to a literal, it is data.
export function label(entry, subs, part) { // @def(label, "label")
  if (entry.type === "ISSN") {
    return `${entry.type}`;
  }
  const byType = { [part.type]: 1 };
  const sub = subs[entry.type];
  const shut = entry?.closed ?? false;
  const rank = entry.type - 1;
  switch (entry.type) {
    case part.type:
      return byType;
  }
  return [sub, shut, rank];
}

export function Row({ entry }) { // @def(row, "Row")
  return <span>{entry.type}</span>;
}

export function Labelled({ entry, Text }) { // @def(labelled, "Labelled")
  return <Text>kind: {entry.type}</Text>;
}

// A component's only child may be a function it calls (a render prop).
export function Rows({ entry, Consumer }) { // @def(rows, "Rows")
  return <Consumer>{entry.closed}</Consumer>; // @site(renderSite, "closed") @possible(rows, agencyClosed, renderSite)
}

// Where a function could be what is read, the site stays a possible caller:
// tested, handed on, returned, defaulted to null.
export function keep(entry, use) { // @def(keep, "keep")
  if (!entry.closed) { // @site(testedSite, "closed")
    return null;
  }
  use(entry.type); // @site(handedSite, "type")
  const fallback = entry.closed || null; // @site(nullSite, "closed") @possible(keep, agencyClosed, testedSite, nullSite)
  return fallback && entry.type; // @site(returnedSite, "type") @possible(keep, agencyType, handedSite, returnedSite)
}

// A getter's read is its call, wherever the value goes.
export function measure(box) { // @def(measure, "measure")
  return `${box.size}`; // @site(sizeSite, "size") @possible(measure, boxSize, sizeSite)
}
