export interface Provider {
  ready(): boolean;
  notify(): void; // @def(providerNotify, "notify")
}

export class Email implements Provider {
  ready(): boolean {
    return true;
  }
  notify(): void { // @def(emailNotify, "notify")
  }
}

export class Sms implements Provider {
  ready(): boolean {
    return false;
  }
  notify(): void { // @def(smsNotify, "notify")
  }
}

export class Sender {
  notify(): void { // @def(senderNotify, "notify")
  }
}

export class Registry {
  find(name: string): Sender {
    return new Sender();
  }
}
