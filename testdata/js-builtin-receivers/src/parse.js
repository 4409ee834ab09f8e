const HEADER_RE = /^\[(.+)\]$/;

// Regular expressions, a Map and a URL: none of these calls is Store's.
// @callers(exec, run)
// @callers(get, run)
function parse(text) {
  const regex = /a(b)/g;
  let m;
  while ((m = regex.exec(text)) !== null) {
    text = m[1];
  }
  const built = new RegExp('x+');
  built.exec(text);
  /q(\d)/.exec(text);
  HEADER_RE.exec(text);
  const cache = new Map();
  cache.get(text);
  const url = new URL(text);
  return url.searchParams.get('q');
}

module.exports = { parse };
