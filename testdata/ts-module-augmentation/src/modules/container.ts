export class SkillHubQuery {
  getExport(id: string): string { // @def(getExport, "getExport")
    return id;
  }
}

export type AppContainer = {
  skillHubQuery: SkillHubQuery;
};
