export class WalletBuilder {
  withName(name: string): WalletBuilder { // @def(walletWithName, "withName")
    return this;
  }
  withToken(token: string): WalletBuilder { // @def(walletWithToken, "withToken")
    return this;
  }
  build(): string { // @def(walletBuild, "build")
    return '';
  }
}

export class StatementBuilder {
  withMonth(month: string): StatementBuilder { // @def(withMonth, "withMonth")
    return this;
  }
  addWallet(wallet: string): StatementBuilder { // @def(addWallet, "addWallet")
    return this;
  }
  build(): string { // @def(statementBuild, "build")
    return '';
  }
}

export class TransactionBuilder {
  withAmount(amount: number): TransactionBuilder { // @def(withAmount, "withAmount")
    return this;
  }
  withToken(token: string): TransactionBuilder { // @def(transactionWithToken, "withToken")
    return this;
  }
  build(): string {
    return '';
  }
}

export class UnitBuilder {
  addStatement(statement: string): UnitBuilder { // @def(addStatement, "addStatement")
    return this;
  }
  build(): string {
    return '';
  }
}
