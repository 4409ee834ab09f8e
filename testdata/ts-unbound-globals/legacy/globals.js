// A script (no import, no export): its functions are globals every other
// script of the page calls by name.
function track(event) { // @def(track, "track")
  return event;
}
