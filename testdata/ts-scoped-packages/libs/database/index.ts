export class DatabaseModule {
  static forRoot(options: object): DatabaseModule { // @def(dbForRoot, "forRoot")
    return new DatabaseModule();
  }
}
