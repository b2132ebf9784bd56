/* Generated from tenants/schema.json by `npm run tenants -- types`. Do not edit. */

/**
 * Everything that differs between customers (tenants). One file per tenant: tenants/<code>.json; its images live in tenants/assets/<code>/.
 */
export interface TenantConfig {
  /**
   * Tenant code: lower-case letters and digits, 2-16 long, starting with a letter. Must equal the file name (tenants/<code>.json) and the assets folder name.
   */
  code: string;
  /**
   * The customer's company name as shown to its staff (login page, header tooltip).
   */
  name: string;
  /**
   * Page title of the back office, one per locale; each reads as '<brand> back-office management system'. The zh-chs one is the HTML <title>.
   */
  title: {
    /**
     * Simplified Chinese title, e.g. 'XX后台管理系统'.
     */
    'zh-chs': string;
    /**
     * Traditional Chinese title.
     */
    'zh-cht': string;
    /**
     * English title.
     */
    en: string;
    /**
     * Japanese title.
     */
    ja: string;
  };
  /**
   * Term for the tenant's order type (default tenant: 延期点价, deferred pricing).
   */
  orderType: string;
  /**
   * Term for a provisional-price contract (暂定价), whose price is settled after delivery.
   */
  contractTypeZt: string;
  /**
   * Term for a basis (floating, point-priced) contract priced later against CF futures.
   */
  contractTypeFt: string;
  /**
   * Term for a spot fixed-price contract (default tenant: 现货合同).
   */
  spotContract: string;
  /**
   * Term for the buying party on documents (default tenant: 需方).
   */
  buyer: string;
  /**
   * Term for the selling party on documents (default tenant: 供方).
   */
  seller: string;
  /**
   * Term for a price fixed once for the whole quantity (one-price deal).
   */
  somePriceTerm: string;
  /**
   * Label of the invoicing (VAT) date field.
   */
  taxTime: string;
  /**
   * Label of the VAT amount field.
   */
  taxFee: string;
  /**
   * Term for the company's own (self-operated) stock.
   */
  selfOwned: string;
  /**
   * Term for goods whose title belongs to a client.
   */
  propertyClient: string;
  /**
   * Term for goods whose title still belongs to the supplier.
   */
  propertySupply: string;
  /**
   * The terms above in the other languages (the terms themselves are the zh-chs words): what a user of that language reads and what a document printed in it says. A dictionary word an administrator renamed stays as renamed.
   */
  termsIn: {
    'zh-cht': TenantTerms;
    en: TenantTerms;
    ja: TenantTerms;
  };
  /**
   * Decimals shown for weights in tonnes (spec default 4).
   */
  weightDigit: number;
  /**
   * Images and colours. File names are relative to tenants/assets/<code>/.
   */
  branding: {
    /**
     * Expanded logo (header with the side menu open), SVG.
     */
    logo: string;
    /**
     * Collapsed logo (side menu folded), SVG.
     */
    logoCollapsed: string;
    /**
     * App icon (login page, home-screen icon), SVG.
     */
    icon: string;
    /**
     * Browser tab icon, SVG.
     */
    favicon: string;
    /**
     * Default theme colour as #RRGGBB; the spec default is #1BB1FF.
     */
    themeColor: string;
  };
  /**
   * What the on-screen watermark shows of the logged-in user.
   */
  watermark: {
    /**
     * User fields shown, in order: departName (department), relName (real name), phone.
     *
     * @minItems 1
     */
    fields: ['departName' | 'relName' | 'phone', ...('departName' | 'relName' | 'phone')[]];
    /**
     * When phone is shown: true shows only the first 3 and last 4 digits.
     */
    maskPhone: boolean;
  };
  /**
   * Header switches.
   */
  header: {
    /**
     * Whether the header shows the log button (the log page stays reachable by URL).
     */
    showLog: boolean;
  };
  /**
   * Which print page renders each document: the standard one or the tenant's own variant (route names under /pending/).
   */
  printVariants: {
    /**
     * Purchase contract print page.
     */
    purchase: 'purchasePrint' | 'purchasePrintSpm';
    /**
     * Sales (market) contract print page.
     */
    market: 'marketPrint' | 'marketPrintSpm';
    /**
     * Statement print page.
     */
    statement: 'statementPrint' | 'statementPrintSpm';
    /**
     * Receipt confirmation print page.
     */
    receiptConfirmation: 'receiptconfirmation' | 'receiptconfirmationSpm';
  };
  /**
   * The tenant's own column layout of the profit report (route SpmProfits), in order; without it the standard layout of CostAndProft. Same figures, same rules.
   *
   * @minItems 1
   */
  profitReportColumns?: [
    (
      | 'contractNo'
      | 'partnerName'
      | 'salespersonName'
      | 'settleDate'
      | 'batches'
      | 'tonnes'
      | 'settledAmount'
      | 'revenueExcl'
      | 'costBeforeHedge'
      | 'hedgePnl'
      | 'cost'
      | 'grossProfit'
      | 'gpPerTonne'
    ),
    ...(
      | 'contractNo'
      | 'partnerName'
      | 'salespersonName'
      | 'settleDate'
      | 'batches'
      | 'tonnes'
      | 'settledAmount'
      | 'revenueExcl'
      | 'costBeforeHedge'
      | 'hedgePnl'
      | 'cost'
      | 'grossProfit'
      | 'gpPerTonne'
    )[]
  ];
  /**
   * Where the disclaimer text comes from: a help service answering POST {id} with {code, data: {name, text}}.
   */
  disclaimer: {
    /**
     * Help-service address: absolute URL, or a path on the tenant's own API server.
     */
    serviceUrl: string;
    /**
     * Fixed id of the disclaimer document in the help service.
     */
    id: string;
  };
}
/**
 * Every term of the tenant in one language.
 */
export interface TenantTerms {
  orderType: string;
  contractTypeZt: string;
  contractTypeFt: string;
  spotContract: string;
  buyer: string;
  seller: string;
  somePriceTerm: string;
  taxTime: string;
  taxFee: string;
  selfOwned: string;
  propertyClient: string;
  propertySupply: string;
}
