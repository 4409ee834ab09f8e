export interface EmailProvider {
  send(to: string): void;
}

export class SmtpProvider implements EmailProvider {
  send(to: string): void {}
  config(): string { // @def(smtpConfig, "config")
    return "smtp";
  }
}

export class Settings {
  config(): string { // @def(settingsConfig, "config") @callers(settingsConfig)
    return "settings";
  }
}

export function describe(provider: EmailProvider): string { // @def(describeFn, "describe")
  return (provider as SmtpProvider).config(); // @site(describeConfig, "config") @call(describeFn, smtpConfig, describeConfig)
}
