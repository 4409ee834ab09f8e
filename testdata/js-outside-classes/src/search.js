import Fuse from 'fuse.js';
import { Index } from 'search-index';

export class Searcher {
  search(keyword) { // @def(search, "search")
    return keyword;
  }
}

// Values built from a library's classes: their search is the library's.
export function find(data, keyword) { // @def(find, "find")
  const handler = new Fuse(data, {});
  const index = new Index();
  index.search(keyword);
  const own = new Searcher();
  own.search(keyword); // @site(ownSearch, "search") @call(find, search, ownSearch)
  return handler.search(keyword);
}
