export class Member {
  greet(): string { // @def(memberGreet, "greet")
    return 'hi';
  }

  isTrusted(): boolean { // @def(isTrusted, "isTrusted")
    return true;
  }
}

export class Guest {
  greet(): string { // @def(guestGreet, "greet")
    return 'welcome';
  }
}
