class Clock {
  now() { // @def(now, "now")
    return 0;
  }
}

export default new Clock();
