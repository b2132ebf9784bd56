// What the operation record says was done, in words (the operationAction dictionary is seeded from it).
export const OPERATION_WORDS: Readonly<Record<string, string>> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  transition: '状态变更',
  login: '登录',
  logout: '退出登录',
  changePassword: '修改密码',
  acceptDisclaimer: '确认免责声明',
  readMessages: '阅读消息',
  sendMessage: '发送消息',
};

/** An operation in words: 确认免责声明; an operation without words is named as it is. */
export const operationWords = (operation: string): string => OPERATION_WORDS[operation] ?? operation;
