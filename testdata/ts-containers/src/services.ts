export class PageTagService {
  list(projectId: string): string[] { // @def(tagList, "list")
    return [projectId];
  }
}

export class DeploymentService {
  get(id: string): string { // @def(deploymentGet, "get")
    return id;
  }
}
