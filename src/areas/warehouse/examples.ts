// Example records of domain.md, shared by the tests of every layer (declaration, server, browser).

/** A base-grade batch (3128B, S3, U3, P2) with domain.md's check weights: 19528 kg conditioned, deliverable. */
export const BASE_GRADE_CERTIFICATE = {
  ginner: '新疆天山棉业有限公司',
  cropYear: '2025/26',
  baleCount: '186',
  grossWeightKg: '20000',
  tareWeightKg: '100',
  trashPercent: '3.0',
  moistureRegainPercent: '10.0',
  colourGrade: '31',
  lengthMm: '28',
  micronaire: '4.5',
  strength: '27.5',
  uniformity: '81.5',
  ginningGrade: 'P2',
} as const;
