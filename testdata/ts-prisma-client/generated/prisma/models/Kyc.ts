export interface KycDelegate<ExtArgs = {}, GlobalOmitOptions = {}> {
  findUnique<T extends { where: { id: string } }>(args: T): Promise<{ id: string } | null> // @def(findUnique, "findUnique")
  update(args: { where: { id: string }; data: object }): Promise<{ id: string }> // @def(update, "update")
}
