// JSON over HTTP, with the server's one-line error as the thrown message.

export async function getJson(url) {
  return answer(await fetch(url, { headers: { Accept: "application/json" } }));
}

export async function postJson(url, body) {
  return answer(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    }),
  );
}

/** Sends a file as it is (a record: the server reads it as untrusted JSON). */
export async function postFile(url, file) {
  return answer(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: file,
    }),
  );
}

async function answer(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const said = data && (data.error || data.message || data.detail);
    throw new Error(typeof said === "string" ? said : `the server answered ${response.status}`);
  }
  return data;
}
