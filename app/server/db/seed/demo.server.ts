export async function loadDemoContentOnFirstStart() {}
