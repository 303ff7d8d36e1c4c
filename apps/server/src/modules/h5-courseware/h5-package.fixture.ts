/** Tiny packages written in code, for tests and the demo seed: no binary fixture is committed. */

export const SCORM_12_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lectern.demo.12" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org1">
    <organization identifier="org1">
      <title>Binary search</title>
      <item identifier="item1" identifierref="sco1"><title>Lesson</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco1" type="webcontent" adlcp:scormtype="sco" href="lesson/sco.html">
      <file href="lesson/sco.html"/>
    </resource>
  </resources>
</manifest>`;

export const SCORM_2004_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lectern.demo.2004" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="second">
    <organization identifier="first"><title>Not this</title>
      <item identifier="x" identifierref="wrong"><title>Wrong</title></item>
    </organization>
    <organization identifier="second"><title>Course</title>
      <item identifier="module"><title>Module</title>
        <item identifier="i1" identifierref="r1" parameters="?page=1"><title>Start</title></item>
      </item>
    </organization>
  </organizations>
  <resources xml:base="content/">
    <resource identifier="wrong" type="webcontent" adlcp:scormType="sco" href="wrong.html"/>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="start.html"/>
  </resources>
</manifest>`;

/** A SCO that reports completion, a score and a suspend point when its button is pressed. */
export const SCORM_12_SCO_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Binary search</title></head>
<body>
<h1>Binary search</h1>
<p>Halve the range each step: a sorted list of 1,000 items needs at most 10 comparisons.</p>
<p id="status"></p>
<button id="finish" type="button">Mark as finished</button>
<script>
  var api = window.API;
  api.LMSInitialize('');
  document.getElementById('status').textContent = 'Status: ' + api.LMSGetValue('cmi.core.lesson_status');
  document.getElementById('finish').addEventListener('click', function () {
    api.LMSSetValue('cmi.core.score.raw', '90');
    api.LMSSetValue('cmi.core.score.max', '100');
    api.LMSSetValue('cmi.core.score.min', '0');
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSSetValue('cmi.core.session_time', '0000:05:00');
    api.LMSCommit('');
    api.LMSFinish('');
    document.getElementById('status').textContent = 'Status: passed';
  });
</script>
</body></html>`;

export const H5_INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sorting</title><link rel="stylesheet" href="style.css"></head>
<body><h1>Sorting in pictures</h1><p>Bubble, insertion and merge sort, step by step.</p>
<button id="done" type="button">Done</button>
<script>
  var api = window.API_1484_11;
  api.Initialize('');
  document.getElementById('done').addEventListener('click', function () {
    api.SetValue('cmi.progress_measure', '1');
    api.SetValue('cmi.completion_status', 'completed');
    api.Commit('');
  });
</script>
</body></html>`;

export const H5_STYLE_CSS = 'body { font-family: sans-serif; max-width: 40rem; margin: 1rem auto; }';
