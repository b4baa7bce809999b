import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, api, apiLogin, BASE_URL, EDITOR, shot, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Picks `option` in an antd select, typing first to narrow a long list (countries). */
async function choose(page: Page, select: Locator, option: string, typed?: string) {
  await select.click();
  if (typed) await select.pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

// The visible tab's list: other tabs stay mounted (hidden), and every list page uses the kit's table.
const list = (page: Page) => page.locator('.app-main__pane:not([hidden]) .list-table');
const rows = (page: Page) => list(page).locator('tr.ant-table-row');
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search customers' });
const newCustomer = (page: Page) =>
  page.locator('.page-header').getByRole('button', { name: 'New customer' });

/** Waits until the list's rows are in. */
async function listLoaded(page: Page) {
  await expect(list(page)).toBeVisible();
  await expect(list(page).locator('.ant-spin-spinning')).toHaveCount(0);
}

async function openList(page: Page, url: string) {
  await page.goto(url);
  await listLoaded(page);
}

async function createByApi(token: string, data: Record<string, unknown>) {
  const ctx = await (await import('@playwright/test')).request.newContext();
  try {
    return await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', { token, data });
  } finally {
    await ctx.dispose();
  }
}

test('create a customer and find it by search; the search is in the URL', async ({ page, context }) => {
  await signIn(context);
  const id = unique();
  const company = `E2E Trading ${id}`;
  const email = `buyer.${id}@e2e.test`;

  await openList(page, '/customer/list');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await newCustomer(page).click();
  const form = page.getByRole('dialog', { name: 'New customer' });
  await expect(form.getByLabel('Company name')).toBeFocused();

  // Checked on this side first, in the user's language.
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Enter a company name or a contact name')).toBeVisible();
  await expect(form.getByText('Enter a valid email address, like ann@acme.com')).toBeVisible();

  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Name', { exact: true }).fill('Arta Hoxha');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+355 4 222 1234');
  await choose(page, form.getByLabel('Grade'), 'Intentional');
  await choose(page, form.getByLabel('Country'), 'Albania', 'alban');
  await choose(page, form.getByLabel('Communication method'), 'Email contact');
  await shot(page, 'customers-form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Customer ${company} created`)).toBeVisible();
  await expect(form).toBeHidden();

  // Search: the list, and the URL, follow the search box.
  await searchBox(page).fill(id);
  await expect(page).toHaveURL(new RegExp(`/customer/list\\?q=${id}$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(company);
  await expect(rows(page).first()).toContainText('Intentional');
  await expect(rows(page).first()).toContainText('Albania');

  // A reload (or a link) gives the same list.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(id);
  await expect(rows(page)).toHaveCount(1);
});

test('find a customer by filter; the filters are in the URL and the tab keeps them', async ({
  page,
  context,
}) => {
  const token = await signIn(context);
  const id = unique();
  const company = `E2E Filter ${id}`;
  await createByApi(token, { company_name: company, name: 'Arben', grade: 2, nation: 7 });
  await openList(page, '/customer/list');

  // Filters: grade and country, also in the URL.
  await choose(page, page.getByRole('combobox', { name: 'Grade' }), 'Intentional');
  await page.keyboard.press('Escape');
  await choose(page, page.getByRole('combobox', { name: 'Country' }), 'Albania', 'Alba');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/customer\/list\?grade=2&nation=7$/);
  await expect(rows(page).filter({ hasText: company })).toHaveCount(1);
  await choose(page, page.getByRole('combobox', { name: 'Grade' }), 'Potential');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/grade=2,1&nation=7$/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/customer\/list$/);

  // The tab keeps the list's filters while the user works elsewhere.
  await openList(page, `/customer/list?q=${id}&nation=7`);
  await expect(rows(page)).toHaveCount(1);
  await page.locator('.app-sidebar').getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/user\/list$/);
  await page
    .getByRole('tablist')
    .getByRole('tab', { name: /Customers/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/customer/list\\?q=${id}&nation=7$`));
  await expect(rows(page)).toHaveCount(1);
});

test('a duplicate email links to the existing customer, whose page edits in place', async ({
  page,
  context,
}) => {
  const token = await signIn(context);
  const id = unique();
  const company = `E2E Dup ${id}`;
  const email = `dup.${id}@e2e.test`;
  await createByApi(token, { company_name: company, name: 'Dora', email, grade: 2, nation: 7 });

  await openList(page, '/customer/list');
  // The same email again: the form says whose it is and links there.
  await newCustomer(page).click();
  const form = page.getByRole('dialog', { name: 'New customer' });
  await form.getByLabel('Company name').fill('Someone else');
  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('This email already belongs to a customer')).toBeVisible();
  await expect(form.getByText(`already belongs to customer "${company}"`)).toBeVisible();
  await form.getByRole('link', { name: company }).click();
  await expect(page).toHaveURL(/\/customer\/detail\/\d+$/);

  // Detail: every field, edited in place.
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Job title' }).click();
  await page.getByRole('textbox', { name: 'Job title' }).fill('Purchasing manager');
  await page.getByRole('textbox', { name: 'Job title' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Edit Job title' })).toContainText('Purchasing manager');
  await page.getByRole('button', { name: 'Edit Source' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Exhibition', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit Source' })).toContainText('Exhibition');
  // A bad value is refused next to the field.
  await page.getByRole('button', { name: 'Edit Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('nope');
  await page.getByRole('textbox', { name: 'Email' }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email address' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).press('Escape');
  await expect(page.getByRole('button', { name: 'Edit Email' })).toContainText(email);
  await expect(page.getByRole('tab', { name: /Emails/ })).toBeVisible();
  await page.getByRole('tab', { name: /Quotations/ }).click();
  await expect(page.getByText('coming with the quotations module')).toBeVisible();
  await page.getByRole('tab', { name: /Emails/ }).click();
  await shot(page, 'customers-detail');

  // Edit all fields in the drawer ("e").
  await page.keyboard.press('e');
  const edit = page.getByRole('dialog', { name: `Edit ${company}` });
  await edit.getByLabel('Remark').fill('Met at the Canton Fair');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Customer ${company} saved`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Remark' })).toContainText('Met at the Canton Fair');
});

test('a link can open the new-customer page prefilled (e.g. from an email sender)', async ({
  page,
  context,
}) => {
  await signIn(context);
  const id = unique();
  await page.goto(`/customer/create?email=lead.${id}@e2e.test&name=Lena&company_name=Lead%20${id}&grade=1`);
  const form = page.locator('.customer-create');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(`lead.${id}@e2e.test`);
  await expect(form.getByRole('textbox', { name: 'Company name' })).toHaveValue(`Lead ${id}`);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/customer\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: `Lead ${id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Grade' })).toContainText('Potential');
  // The create tab made way for the customer's page.
  await expect(page.getByRole('tablist').getByRole('tab', { name: /New customer/ })).toHaveCount(0);
});

test('keyboard and saved searches: "/" searches, a search is kept under a name', async ({
  page,
  context,
}) => {
  const token = await signIn(context);
  const marker = `sav${unique()}`;
  await createByApi(token, { company_name: `${marker} Saved Co`, grade: 3 });
  await openList(page, '/customer/list');

  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(marker);
  await expect(page).toHaveURL(new RegExp(`q=${marker}$`));
  await expect(rows(page)).toHaveCount(1);

  const name = `Saved ${marker}`;
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await page.getByRole('menuitem', { name: 'Save this search…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByRole('textbox', { name: 'Name of the search' }).fill(name);
  await dialog.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText(`Search “${name}” saved`)).toBeVisible();
  await expect(page.getByRole('button', { name })).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/customer\/list$/);
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(new RegExp(`q=${marker}$`));
  await expect(searchBox(page)).toHaveValue(marker);

  await page.getByRole('button', { name }).click();
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('button', { name: 'Saved searches' })).toBeVisible();
});

test('columns: the choice is remembered for the user', async ({ page, context }) => {
  const token = await signIn(context);
  await api(page.request, 'POST', '/api/preference/set/', {
    token,
    data: { key: 'customer.list.columns', value: { columns: [] } },
  });
  await openList(page, '/customer/list');
  const header = list(page).locator('thead');
  await expect(header.getByText('Country', { exact: true })).toBeVisible();
  await expect(header.getByText('QQ', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  // The list also remembers its search through the same endpoint: wait for the columns' own save.
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/preference/set/') && r.request().postDataJSON()?.key === 'customer.list.columns',
  );
  await page.getByRole('checkbox', { name: 'QQ' }).check();
  await expect(header.getByText('QQ', { exact: true })).toBeVisible();
  await saved;
  await page.reload();
  await listLoaded(page);
  await expect(header.getByText('QQ', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Back to the default columns' }).click();
  await expect(header.getByText('QQ', { exact: true })).toHaveCount(0);
});

test('export the current filter and read the rows of the file', async ({ page, context }) => {
  const token = await signIn(context);
  const marker = `exp${unique()}`;
  await createByApi(token, { company_name: `${marker} Alpha GmbH`, name: 'Anna', grade: 3, nation: 58 });
  await createByApi(token, { company_name: `${marker} Beta 贸易`, name: '王伟', grade: 1, nation: 49 });
  await createByApi(token, { company_name: `${marker} Gamma`, name: 'Gil', grade: 2 });

  await openList(page, `/customer/list?q=${marker}&grade=1,3`);
  await expect(rows(page)).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('excel-list.xlsx');

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  const headings = values(1);
  expect(headings).toEqual(expect.arrayContaining(['Company name', 'Name', 'Grade', 'Country']));
  const col = (name: string) => headings.indexOf(name);
  const data = [2, 3]
    .map(values)
    .sort((a, b) => a[col('Company name')]!.localeCompare(b[col('Company name')]!));
  expect(sheet.actualRowCount).toBe(3);
  expect(data.map((r) => r[col('Company name')])).toEqual([`${marker} Alpha GmbH`, `${marker} Beta 贸易`]);
  expect(data.map((r) => r[col('Name')])).toEqual(['Anna', '王伟']);
  expect(data.map((r) => r[col('Grade')])).toEqual(['Cooperated', 'Potential']);
});

test('import a file with one bad row and see the report', async ({ page, context }) => {
  await signIn(context);
  const marker = `imp${unique()}`;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Customers');
  sheet.addRow(['Company name', 'Name', 'Email', 'Grade', 'Country']);
  sheet.addRow([`${marker} One`, 'Olga', `one.${marker}@e2e.test`, 'Potential', 'DE']);
  sheet.addRow([`${marker} Two`, 'Tomás', `two.${marker}@e2e.test`, '意向客户', 'Brazil']);
  sheet.addRow([`${marker} Bad`, 'Bob', 'not-an-email', 'Nope', 'Albania']);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  await openList(page, '/customer/list');
  await page.locator('.page-header').getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import customers' });
  const template = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download the template' }).click();
  expect((await template).suggestedFilename()).toBe('customer-import-template.xlsx');

  await dialog.getByRole('radio', { name: 'Update the existing record' }).check();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'customers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(dialog.getByTestId('import-file')).toContainText('customers.xlsx');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  const report = dialog.getByTestId('import-report');
  await expect(report).toBeVisible();
  await expect(report.getByText('1 row could not be imported; the others were')).toBeVisible();
  await expect(report.locator('.import-report__count', { hasText: 'Created' })).toContainText('2');
  const bad = report.getByRole('row').filter({ hasText: 'Grade' });
  await expect(bad.getByRole('cell').first()).toHaveText('4');
  await expect(bad).toContainText('Email');
  await shot(page, 'customers-import-report');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await searchBox(page).fill(marker);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: `${marker} Two` })).toContainText('Intentional');
});

test('bulk grade, delete with confirmation, restore from the bin (admin)', async ({ page, context }) => {
  const token = await signIn(context);
  const marker = `bin${unique()}`;
  await createByApi(token, { company_name: `${marker} Keep`, grade: 1 });
  await createByApi(token, { company_name: `${marker} Drop`, grade: 1 });

  await openList(page, `/customer/list?q=${marker}`);
  await expect(rows(page)).toHaveCount(2);
  await list(page).locator('thead').getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Grade' }).click();
  await page.getByRole('menuitem', { name: 'Cooperated' }).click();
  await expect(page.getByText('Grade changed for 2 customers')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Cooperated' })).toHaveCount(2);

  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await rows(page).filter({ hasText: 'Drop' }).getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 customer moved to the recycle bin.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Recycle bin' }).click();
  const bin = page.getByRole('dialog', { name: 'Recycle bin' });
  await bin.getByRole('searchbox').fill(marker);
  await bin.getByRole('searchbox').press('Enter');
  const deleted = bin.getByRole('row').filter({ hasText: `${marker} Drop` });
  await expect(deleted).toContainText('30 days');
  await deleted.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('1 customer restored')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bin).toBeHidden();
  await expect(rows(page)).toHaveCount(2);
});

test('merge two customers, choosing the winning value per field (admin)', async ({ page, context }) => {
  const token = await signIn(context);
  const marker = `mrg${unique()}`;
  const a = await createByApi(token, {
    company_name: `${marker} Acme`,
    email: `a.${marker}@e2e.test`,
    phone: '',
  });
  await createByApi(token, {
    company_name: `${marker} ACME Ltd`,
    email: `b.${marker}@e2e.test`,
    phone: '+1 555 0100',
  });

  await page.goto(`/customer/detail/${a.id}`);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Merge with another customer…' }).click();
  const pick = page.getByRole('dialog', { name: 'Merge two customers' });
  await pick.getByRole('combobox').fill(`${marker} ACME Ltd`);
  await page.locator('.ant-select-dropdown:visible').getByText(`${marker} ACME Ltd`).click();

  const dialog = page.getByRole('dialog', { name: 'Merge two customers' });
  // The survivor's empty phone is filled from the other one by default; take its company name too.
  await expect(dialog.getByRole('radio', { name: 'Phone: +1 555 0100' })).toBeChecked();
  await dialog.getByRole('radio', { name: `Company name: ${marker} ACME Ltd` }).check();
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(`Merged into ${marker} ACME Ltd`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${marker} ACME Ltd` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Phone' })).toContainText('+1 555 0100');
  await expect(page.getByRole('button', { name: 'Edit Email' })).toContainText(`a.${marker}@e2e.test`);
});

test('an editor works customers but cannot delete; "my customers" shows their own', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await signIn(context, EDITOR);
  const marker = `ed${unique()}`;
  await createByApi(token, { company_name: `${marker} Mine` });
  await createByApi(await apiLogin(ADMIN), { company_name: `${marker} Not mine` });

  await openList(page, `/customer/list?q=${marker}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Recycle bin' })).toHaveCount(0);
  await expect(rows(page).first().getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await choose(page, page.getByRole('combobox', { name: 'Owner' }), 'My customers');
  await expect(page).toHaveURL(new RegExp(`q=${marker}&owner=me$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`${marker} Mine`);
  await expect(rows(page).first()).toContainText(EDITOR.name);
  await context.close();
});

test('the customer screens in Chinese', async ({ page, context }) => {
  await signIn(context);
  await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
  await openList(page, '/customer/list');
  await expect(page.getByRole('heading', { name: '客户', exact: true })).toBeVisible();
  await expect(list(page).locator('thead')).toContainText('公司名称');
  await expect(list(page).locator('thead')).toContainText('负责人');
  await expect(page.getByRole('button', { name: '新建客户' })).toBeVisible();
  await expect(page.getByText(/共 [\d,]+ 个客户/)).toBeVisible();
  await shot(page, 'customers-list-zh');
  await page.getByRole('button', { name: '新建客户' }).click();
  const form = page.getByRole('dialog', { name: '新建客户' });
  await form.getByLabel('邮箱').fill('bad');
  await form.getByRole('button', { name: /^新\s?建$/ }).click();
  await expect(form.getByText('请填写公司名称或联系人')).toBeVisible();
  await expect(form.getByText('请输入有效的邮箱地址，例如 ann@acme.com')).toBeVisible();
  await shot(page, 'customers-form-zh');
});

test('the list, for people to look at', async ({ page, context }) => {
  const token = await signIn(context);
  const id = unique();
  const buyers = [
    {
      company_name: 'Hamburg Hardware KG',
      name: 'Jonas Weber',
      nation: 58,
      grade: 3,
      source: 1,
      situation: 2,
    },
    {
      company_name: 'Lima Textiles SAC',
      name: 'Lucía Quispe',
      nation: 174,
      grade: 2,
      source: 24,
      situation: 1,
    },
    { company_name: '深圳华强电子有限公司', name: '陈静', nation: 49, grade: 1, source: 30, situation: 3 },
    {
      company_name: 'Nairobi Agro Ltd',
      name: 'Grace Wanjiru',
      nation: 115,
      grade: 4,
      source: 28,
      situation: 4,
    },
  ];
  for (const [i, b] of buyers.entries()) {
    await createByApi(token, { ...b, email: `look${i}.${id}@e2e.test`, phone: `+1 555 01${i}${i}` });
  }
  await openList(page, '/customer/list');
  await expect(rows(page).first()).toBeVisible();
  await shot(page, 'customers-list');
});
