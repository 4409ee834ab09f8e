import { container } from './container';
import { DeploymentService, PageTagService } from './services';

export function listTags(projectId: string) { // @def(listTags, "listTags")
  return container.resolve(PageTagService).list(projectId); // @site(listTagsList, "list") @call(listTags, tagList, listTagsList)
}

export async function showDeployment(id: string) { // @def(showDeployment, "showDeployment")
  const deploymentService = container.resolve(DeploymentService);
  await deploymentService.get(id); // @site(showGet, "get") @call(showDeployment, deploymentGet, showGet)
  return deploymentService;
}

export function scoped(projectId: string) { // @def(scoped, "scoped")
  const child = container.createChildContainer();
  return child.resolve(PageTagService).list(projectId); // @site(scopedList, "list") @call(scoped, tagList, scopedList)
}
