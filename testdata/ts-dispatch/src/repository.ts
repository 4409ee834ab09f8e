// Calls written against an abstract class or an interface reach every
// implementation, as a precise server reports them.
export abstract class UserRepository {
  abstract findByEmail(email: string): string | null; // @def(absFind, "findByEmail")

  exists(email: string): boolean { // @def(exists, "exists")
    return this.findByEmail(email) !== null; // @site(existsFind, "findByEmail") @call(exists, absFind, existsFind) @dispatch(exists, sqlFind, existsFind) @dispatch(exists, docFind, existsFind)
  }
}

export class SqlUserRepository extends UserRepository {
  findByEmail(email: string): string | null { // @def(sqlFind, "findByEmail")
    return email;
  }
}

export class DocumentUserRepository extends UserRepository {
  findByEmail(email: string): string | null { // @def(docFind, "findByEmail")
    return null;
  }
}

export interface Notifier {
  notify(message: string): void; // @def(ifaceNotify, "notify")
}

export class MailNotifier implements Notifier {
  notify(message: string): void { // @def(mailNotify, "notify")
    void message;
  }
}
