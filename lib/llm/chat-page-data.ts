import 'server-only';
import { hostConfig } from '../config/load';
import { modelCatalog } from './model-catalog';
import { HOW_TO_ADD_A_MODEL } from './providers';

export async function chatPageModels() {
  const catalog = await modelCatalog();
  const preferred = hostConfig().models.default;
  return {
    models: catalog.models.map(({ id, label }) => ({ id, label })),
    defaultModelId: catalog.models.find((m) => m.id === preferred)?.id ?? catalog.models[0]?.id ?? null,
    modelHelp: catalog.models.length === 0 ? HOW_TO_ADD_A_MODEL : null,
  };
}
