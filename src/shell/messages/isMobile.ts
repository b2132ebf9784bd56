/** Mobile user agents get no popup notifications (spec 2.1, 4.3). */
export const isMobileUserAgent = (userAgent: string = navigator.userAgent) =>
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(userAgent);
