import { api } from "./api";

export async function handleCreate() { // @def(handleCreate, "handleCreate")
  await api.createCA("int"); // @site(dialogCreate, "createCA") @call(handleCreate, createCA, dialogCreate)
  return api.listHosts(); // @site(dialogHosts, "listHosts") @call(handleCreate, listHosts, dialogHosts)
}
