import { Blacklist } from '@acme/core';

export class AuthService {
  constructor(private readonly blacklist: Blacklist) {}

  check(): boolean { // @def(check, "check")
    return this.blacklist.isAvailable(); // @site(a1, "isAvailable") @call(check, isAvailable, a1)
  }
}
