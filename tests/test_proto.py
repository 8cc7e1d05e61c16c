"""The runtime-built messages agree with the .proto schema as protoc reads it."""

import os
import subprocess
import sys

from google.protobuf import descriptor_pb2

from tb_bias_plugin import proto

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_descriptor_matches_protoc(tmp_path):
    out = tmp_path / "set.pb"
    subprocess.run(
        [sys.executable, "-m", "grpc_tools.protoc", "-I", ROOT, "--descriptor_set_out", str(out), proto.FILE_NAME],
        check=True,
    )
    (from_protoc,) = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    ours = proto.file_descriptor_proto()
    # protoc fills json_name only when asked; compare what defines the wire format
    for message in list(from_protoc.message_type) + list(ours.message_type):
        for field in message.field:
            field.ClearField("json_name")
    assert ours == from_protoc
