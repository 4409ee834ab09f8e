// data-portal's SessionMonitor (uc-cdis/data-portal at 0d28c20): a method
// declares an arrow function and calls this's methods in it.
export class SessionMonitor {
  updateSession() { // @def(updateSession, "updateSession")
    const afterUserCheck = () => { // @def(afterUserCheck, "afterUserCheck")
      const later = () => this.logoutUser(); // @def(later, "later") @site(laterSite, "logoutUser")
      later(); // @site(laterCall, "later") @call(afterUserCheck, later, laterCall)
      return this.refreshSession(); // @site(refreshSite, "refreshSession") @call(afterUserCheck, refreshSession, refreshSite)
    };
    return afterUserCheck(); // @site(afterCall, "afterUserCheck") @call(updateSession, afterUserCheck, afterCall)
  }

  refreshSession() { // @def(refreshSession, "refreshSession")
    return 1;
  }

  logoutUser() { // @def(logoutUser, "logoutUser") @call(later, logoutUser, laterSite)
    return 0;
  }
}
