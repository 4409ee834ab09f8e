import { UserRepository, Notifier, SqlUserRepository, MailNotifier } from './repository';

export function replace(text: string): string { // @def(replaceFn, "replace")
  return text;
}

export function makeRepository(): UserRepository { // @def(makeRepo, "makeRepository")
  return new SqlUserRepository();
}

export class UsersService {
  constructor(
    private readonly users: UserRepository,
    private readonly notifier: Notifier,
  ) {}

  register(email: string): void { // @def(register, "register")
    if (this.users.findByEmail(email)) { // @site(regFind, "findByEmail") @call(register, absFind, regFind) @dispatch(register, sqlFind, regFind) @dispatch(register, docFind, regFind)
      return;
    }
    this.notifier.notify(`welcome ${email}`); // @site(regNotify, "notify") @call(register, ifaceNotify, regNotify) @dispatch(register, mailNotify, regNotify)
  }

  lookup(email: string): string | null { // @def(lookup, "lookup")
    // the receiver is a call: its type is makeRepository's declared result
    return makeRepository().findByEmail(email); // @site(lookupMake, "makeRepository") @call(lookup, makeRepo, lookupMake) @site(lookupFind, "findByEmail") @call(lookup, absFind, lookupFind) @dispatch(lookup, sqlFind, lookupFind) @dispatch(lookup, docFind, lookupFind)
  }
}

// An untyped receiver never name-matches a free function: @callers(replaceFn)
export function tidy(content: any): string { // @def(tidy, "tidy")
  return content.replace('a', 'b');
}

// A call of an implementation is among the interface method's and the
// abstract method's callers too, as tsserver counts it; it is not a call of
// the other implementations.
export function notifyByMail(mail: MailNotifier, sql: SqlUserRepository): void { // @def(notifyByMail, "notifyByMail")
  mail.notify('sent'); // @site(mailSite, "notify") @call(notifyByMail, mailNotify, mailSite) @dispatch(notifyByMail, ifaceNotify, mailSite)
  sql.findByEmail('a@b'); // @site(sqlSite, "findByEmail") @call(notifyByMail, sqlFind, sqlSite) @dispatch(notifyByMail, absFind, sqlSite)
}
