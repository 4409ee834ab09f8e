import { StatementBuilder, TransactionBuilder, UnitBuilder, WalletBuilder } from './builders';

export function flat(): string { // @def(flat, "flat")
  return new StatementBuilder().withMonth('2022-09-01').addWallet('w').build(); // @site(f1, "withMonth") @site(f2, "addWallet") @site(f3, "build") @call(flat, withMonth, f1) @call(flat, addWallet, f2) @call(flat, statementBuild, f3)
}

export function nested(): string { // @def(nested, "nested")
  return new UnitBuilder()
    .addStatement( // @site(n1, "addStatement") @call(nested, addStatement, n1)
      new StatementBuilder()
        .withMonth('2022-09-01') // @site(n2, "withMonth") @call(nested, withMonth, n2)
        .addWallet( // @site(n3, "addWallet") @call(nested, addWallet, n3)
          new WalletBuilder().withName('Incubation').withToken('DAI').build() // @site(n4, "withName") @site(n5, "withToken") @site(n6, "build") @call(nested, walletWithName, n4) @call(nested, walletWithToken, n5) @call(nested, walletBuild, n6)
        )
        .build() // @site(n7, "build") @call(nested, statementBuild, n7)
    )
    .build();
}

export function transaction(): string { // @def(transaction, "transaction")
  return new TransactionBuilder()
    .withAmount(300000) // @site(t1, "withAmount") @call(transaction, withAmount, t1)
    .withToken('DAI') // @site(t2, "withToken") @call(transaction, transactionWithToken, t2)
    .build();
}
