// The browser's storage and globals (session 37, the thirty-second set's
// AI-PHARMACY-v2: localStorage.clear() was a flagged name match of a project
// cache's clear): none of these calls is Store's.
// @callers(clear, run)
// @callers(get, run)
function resetAll() {
  localStorage.clear();
  sessionStorage.clear();
  const token = sessionStorage.getItem('token');
  history.back();
  return [token, navigator.userAgent, location.href, performance.now()];
}

module.exports = { resetAll };
