// The screens of the settings area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('dictionaryList', '/pri/dictionary/list', 'list', 'dictionary'),
  shell('systemSetting', '/pri/systemSetting', 'list', 'systemSetting'),
  shell('billTemplate', '/pri/billTemplate', 'list', 'billTemplate'),
  shell('premiumWater', '/pri/premiumWater', 'list', 'qualityPremium'),
  shell('contractTemplate', '/pri/contractTemplate', 'list', 'contractTemplate'),
  shell('contractTemplateEdit', '/pri/contractTemplate/:id/:flag/:sp/:name', 'detail', 'contractTemplate'),
];
